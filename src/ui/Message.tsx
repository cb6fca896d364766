import { Fragment, type ReactNode } from "react";
import type { MessageKey, PlaceholderName } from "../i18n/catalogue";
import { t } from "../i18n/translate";

/** Marks where each element goes in the translated text; private-use characters no message contains. */
const mark = (index: number) => `\uE000${index}\uE001`;

/**
 * A message whose placeholders are elements (a button, <strong>), placed wherever the language puts them:
 * "Signed in as $email$" reads "Angemeldet als $email$", "¿Ya tienes una cuenta? $signin$".
 */
export function Message<K extends MessageKey>({
	name,
	values,
}: {
	name: K;
	values: Record<PlaceholderName<K>, ReactNode>;
}) {
	const elements = Object.values(values) as ReactNode[];
	const marks = Object.fromEntries(Object.keys(values).map((key, index) => [key, mark(index)]));
	const text = (t as (key: MessageKey, values: Record<string, string>) => string)(name, marks);
	const parts = text.split(/\uE000(\d+)\uE001/);
	return (
		<>
			{parts.map((part, index) => (
				// Odd parts are the captured element indexes, even parts the text around them.
				// biome-ignore lint/suspicious/noArrayIndexKey: the parts of one message never move.
				<Fragment key={index}>{index % 2 === 1 ? elements[Number(part)] : part}</Fragment>
			))}
		</>
	);
}
