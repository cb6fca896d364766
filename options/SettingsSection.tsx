import { useCallback, useEffect, useId, useRef, useState } from "react";
import type { AppError } from "../src/errors";
import type { MessageKey } from "../src/i18n/catalogue";
import { errorText } from "../src/i18n/errorText";
import { t } from "../src/i18n/translate";
import type { Settings } from "../src/messages";
import { useBackground } from "../src/ui/BackgroundContext";
import { Message } from "../src/ui/Message";
import { useOptionsEnvironment } from "./environment";

type Loaded = { status: "loading" } | { status: "ready"; settings: Settings } | { status: "failed"; error: AppError };

const SWITCHES: Array<{ key: keyof Settings; label: MessageKey; hint: MessageKey }> = [
	{ key: "autoCopy", label: "autoCopyLabel", hint: "autoCopyHint" },
	{ key: "shortenOnOpen", label: "shortenOnOpenLabel", hint: "shortenOnOpenHint" },
];

/**
 * The background's settings, saved as soon as they change, and where short links live, as plain
 * information: the site is fixed when Shorty is built, so there is nothing to change about it here.
 */
export function SettingsSection() {
	const call = useBackground();
	const { shortLinkBase } = useOptionsEnvironment();
	const [loaded, setLoaded] = useState<Loaded>({ status: "loading" });
	const [saveStatus, setSaveStatus] = useState<{ text: string; failed: boolean }>({ text: "", failed: false });

	/**
	 * The changes sent so far, each switch's changes not yet answered, and the latest change answered; and the
	 * settings as last stored, with the change that said so (a later change's answer is the newer).
	 */
	const asked = useRef({ count: 0, waiting: {} as Partial<Record<keyof Settings, number>>, answered: 0 });
	const stored = useRef<{ settings: Settings; by: number } | null>(null);
	const heading = useRef<HTMLHeadingElement>(null);

	const load = useCallback(async () => {
		setLoaded({ status: "loading" });
		const reply = await call({ type: "getSettings" });
		if (reply.ok) stored.current = { settings: reply.data, by: asked.current.count };
		setLoaded(reply.ok ? { status: "ready", settings: reply.data } : { status: "failed", error: reply.error });
	}, [call]);

	useEffect(() => {
		void load();
	}, [load]);

	/** One switch shown as `value`, the others as they are. */
	const show = (key: keyof Settings, value: boolean) =>
		setLoaded((now) =>
			now.status === "ready" ? { status: "ready", settings: { ...now.settings, [key]: value } } : now,
		);

	async function change(key: keyof Settings, value: boolean) {
		if (loaded.status !== "ready") return;
		const request = ++asked.current.count;
		const { waiting } = asked.current;
		waiting[key] = (waiting[key] ?? 0) + 1;
		// Shown at once. Once every change of this switch is answered, it shows what the storage holds: what
		// the user chose, or what was there before a change that could not be saved.
		show(key, value);
		setSaveStatus({ text: "", failed: false });
		const reply = await call({ type: "setSettings", [key]: value });
		if (reply.ok && request >= (stored.current?.by ?? 0)) stored.current = { settings: reply.data, by: request };
		waiting[key] = (waiting[key] ?? 1) - 1;
		const storedValue = stored.current?.settings[key];
		if (waiting[key] === 0 && storedValue !== undefined) show(key, storedValue);
		// A failure is news whenever it comes; "Saved." only as the latest answer, not over a later failure.
		if (reply.ok && request < asked.current.answered) return;
		asked.current.answered = Math.max(asked.current.answered, request);
		setSaveStatus(
			reply.ok
				? { text: t("saved"), failed: false }
				: { text: t("notSaved", { error: errorText(reply.error) }), failed: true },
		);
	}

	return (
		<section className="settings" aria-labelledby="settings-heading">
			<div className="settings__heading">
				<h2 id="settings-heading" ref={heading} tabIndex={-1}>
					{t("settings")}
				</h2>
				<p
					role="status"
					className={saveStatus.failed ? "settings__status settings__status--error" : "settings__status"}
				>
					{saveStatus.text}
				</p>
			</div>
			{loaded.status === "failed" ? (
				<div className="notice notice--error" role="alert">
					<p>{errorText(loaded.error)}</p>
					<button
						type="button"
						onClick={() => {
							// The button goes with the failure: focus waits on the heading rather than fall to the page.
							heading.current?.focus();
							void load();
						}}
					>
						{t("tryAgain")}
					</button>
				</div>
			) : (
				SWITCHES.map(({ key, label, hint }) => (
					<Switch
						key={key}
						label={t(label)}
						hint={t(hint)}
						checked={loaded.status === "ready" ? loaded.settings[key] : false}
						disabled={loaded.status !== "ready"}
						onChange={(value) => void change(key, value)}
					/>
				))
			)}
			<p className="settings__base">
				<Message name="linksStartWith" values={{ base: <span className="settings__base-url">{shortLinkBase}</span> }} />
			</p>
		</section>
	);
}

function Switch(props: {
	label: string;
	hint: string;
	checked: boolean;
	disabled: boolean;
	onChange: (value: boolean) => void;
}) {
	const id = useId();
	return (
		<div className="setting">
			<input
				id={id}
				type="checkbox"
				checked={props.checked}
				disabled={props.disabled}
				aria-describedby={`${id}-hint`}
				onChange={(event) => props.onChange(event.target.checked)}
			/>
			<label htmlFor={id}>{props.label}</label>
			<p id={`${id}-hint`} className="hint">
				{props.hint}
			</p>
		</div>
	);
}
