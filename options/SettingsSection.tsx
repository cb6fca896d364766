import { useCallback, useEffect, useId, useState } from "react";
import type { AppError } from "../src/errors";
import type { Settings } from "../src/messages";
import { useBackground } from "../src/ui/BackgroundContext";
import { useOptionsEnvironment } from "./environment";

type Loaded = { status: "loading" } | { status: "ready"; settings: Settings } | { status: "failed"; error: AppError };

const SWITCHES: Array<{ key: keyof Settings; label: string; hint: string }> = [
	{
		key: "autoCopy",
		label: "Copy the short link as soon as it is made",
		hint: "Off: the popup shows the link selected and waits for Copy.",
	},
	{
		key: "shortenOnOpen",
		label: "Shorten the current page when the popup opens",
		hint: "Off: the popup waits for you to ask.",
	},
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
			setSaveStatus({ text: "Saved.", failed: false });
		} else {
			setLoaded({ status: "ready", settings: before });
			setSaveStatus({ text: `Not saved: ${reply.error.message}`, failed: true });
		}
	}

	return (
		<section className="settings" aria-labelledby="settings-heading">
			<div className="settings__heading">
				<h2 id="settings-heading">Settings</h2>
				<p
					role="status"
					className={saveStatus.failed ? "settings__status settings__status--error" : "settings__status"}
				>
					{saveStatus.text}
				</p>
			</div>
			{loaded.status === "failed" ? (
				<div className="notice notice--error" role="alert">
					<p>{loaded.error.message}</p>
					<button type="button" onClick={() => void load()}>
						Try again
					</button>
				</div>
			) : (
				SWITCHES.map(({ key, label, hint }) => (
					<Switch
						key={key}
						label={label}
						hint={hint}
						checked={loaded.status === "ready" ? loaded.settings[key] : false}
						disabled={loaded.status !== "ready"}
						onChange={(value) => void change(key, value)}
					/>
				))
			)}
			<p className="settings__base">
				Your short links start with <span className="settings__base-url">{shortLinkBase}</span>
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
