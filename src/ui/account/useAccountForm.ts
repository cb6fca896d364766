import { type FormEvent, useEffect, useRef, useState } from "react";
import type { AppError } from "../../errors";
import { errorText } from "../../i18n/errorText";
import { type AccountField, fieldChecks, fieldOf, fieldToRevisit } from "./validation";

/** What a field component needs from its form. */
const textOf = (error: AppError | null): string | null => (error ? errorText(error) : null);

export interface FieldBinding {
	value: string;
	/** The message under the field (its problem), or null when there is nothing wrong. It follows typing. */
	error: string | null;
	/**
	 * The field's problem as a screen reader should hear it: set when the user leaves the field, submits,
	 * or the server answers, never per keystroke (typing "me@" is not a mistake to read out).
	 */
	announcement: string;
	onChange(value: string): void;
	onBlur(): void;
	inputRef(input: HTMLInputElement | null): void;
}

export interface AccountFormOptions<F extends AccountField> {
	/** The form's fields, in screen order. */
	fields: readonly F[];
	initial?: Partial<Record<F, string>>;
	/** Sends the checked values; resolves to the server's error, or null once it has succeeded. */
	submit(values: Record<F, string>): Promise<AppError | null>;
}

export interface AccountForm<F extends AccountField> {
	values: Record<F, string>;
	field(name: F): FieldBinding;
	/** A server error that is about no single field ("Wrong email or password."). */
	formError: string | null;
	pending: boolean;
	onSubmit(event: FormEvent): void;
}

/**
 * The behaviour the account forms share. A field's problem shows once the user has typed in it and left
 * it, or on submit, and from then on follows the value as it changes; a server error shows under its
 * field (or over the form) until the user edits something. On any error, focus goes to the field to fix.
 */
export function useAccountForm<F extends AccountField>({
	fields,
	initial = {},
	submit,
}: AccountFormOptions<F>): AccountForm<F> {
	const [values, setValues] = useState(
		() => Object.fromEntries(fields.map((name) => [name, initial[name] ?? ""])) as Record<F, string>,
	);
	const [shown, setShown] = useState<ReadonlySet<F>>(new Set());
	const [serverError, setServerError] = useState<AppError | null>(null);
	const [pending, setPending] = useState(false);
	// An object, so asking for the same field twice still moves focus the second time.
	const [focusRequest, setFocusRequest] = useState<{ field: F } | null>(null);
	const inputs = useRef(new Map<F, HTMLInputElement>());
	const edited = useRef(new Set<F>());
	const mounted = useRef(true);

	useEffect(() => {
		mounted.current = true;
		return () => {
			mounted.current = false;
		};
	}, []);

	// After the render that shows the error, so the field is read out with its new description.
	useEffect(() => {
		if (!focusRequest) return;
		const input = inputs.current.get(focusRequest.field);
		input?.focus();
		input?.select();
	}, [focusRequest]);

	const serverProblem = (name: F): string | null =>
		serverError && fieldOf(serverError.code) === name ? errorText(serverError) : null;
	// What the field would say once shown; the server's word for it first.
	const problemIfShown = (name: F): string | null => serverProblem(name) ?? textOf(fieldChecks[name](values[name]));
	const problem = (name: F): string | null => (shown.has(name) ? problemIfShown(name) : serverProblem(name));

	const show = (names: F[]) => setShown((before) => new Set([...before, ...names]));
	const [announced, setAnnounced] = useState<Partial<Record<F, string>>>({});
	const announce = (entries: [F, string | null][]) =>
		setAnnounced((before) => ({ ...before, ...Object.fromEntries(entries.map(([name, text]) => [name, text ?? ""])) }));

	const field = (name: F): FieldBinding => ({
		value: values[name],
		error: problem(name),
		announcement: announced[name] ?? "",
		onChange(value) {
			edited.current.add(name);
			setValues((before) => ({ ...before, [name]: value }));
			setServerError(null);
		},
		onBlur() {
			// Tabbing through an untouched field is not a mistake; leaving one typed in wrongly is.
			if (!edited.current.has(name)) return;
			show([name]);
			announce([[name, problemIfShown(name)]]);
		},
		inputRef(input) {
			if (input) inputs.current.set(name, input);
			else inputs.current.delete(name);
		},
	});

	async function send(checked: Record<F, string>) {
		setPending(true);
		setServerError(null);
		const error = await submit(checked);
		// A success usually closes the form; there is nothing left to update then.
		if (!mounted.current) return;
		setPending(false);
		if (!error) return;
		setServerError(error);
		const about = fieldOf(error.code);
		if (about && fields.includes(about as F)) announce([[about as F, errorText(error)]]);
		const revisit = fieldToRevisit(error.code);
		if (revisit && fields.includes(revisit as F)) setFocusRequest({ field: revisit as F });
	}

	function onSubmit(event: FormEvent) {
		event.preventDefault();
		if (pending) return;
		show([...fields]);
		announce(fields.map((name) => [name, problemIfShown(name)]));
		const firstWrong = fields.find((name) => fieldChecks[name](values[name]) !== null);
		if (firstWrong) {
			setFocusRequest({ field: firstWrong });
			return;
		}
		void send(values);
	}

	const formError = serverError && fieldOf(serverError.code) === undefined ? errorText(serverError) : null;
	return { values, field, formError, pending, onSubmit };
}
