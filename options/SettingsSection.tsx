import { useCallback, useEffect, useId, useState } from "react";
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

	const load = useCallback(async () => {
		setLoaded({ status: "loading" });
		const reply = await call({ type: "getSettings" });
		setLoaded(reply.ok ? { status: "ready", settings: reply.data } : { status: "failed", error: reply.error });
	}, [call]);

	useEffect(() => {
		void load();
	}, [load]);

	async function change(key: keyof Settings, value: boolean) {
		if (loaded.status !== "ready") return;
		const before = loaded.settings;
		// Shown at once; put back if the background cannot save it.
		setLoaded({ status: "ready", settings: { ...before, [key]: value } });
		setSaveStatus({ text: "", failed: false });
		const reply = await call({ type: "setSettings", [key]: value });
		if (reply.ok) {
			setLoaded({ status: "ready", settings: reply.data });
			setSaveStatus({ text: t("saved"), failed: false });
		} else {
			setLoaded({ status: "ready", settings: before });
			setSaveStatus({ text: t("notSaved", { error: errorText(reply.error) }), failed: true });
		}
	}

	return (
		<section className="settings" aria-labelledby="settings-heading">
			<div className="settings__heading">
				<h2 id="settings-heading">{t("settings")}</h2>
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
					<button type="button" onClick={() => void load()}>
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
