import { useEffect, useState } from "react";
import { t } from "../i18n/translate";
import { CheckIcon, CopyIcon } from "./icons";

type CopyStatus = "idle" | "copied" | "failed";

export interface CopyButtonProps {
	text: string;
	/** Puts text on the clipboard; rejects when the browser refuses. */
	copy: (text: string) => Promise<void>;
	/** The button's accessible name, starting with "Copy", e.g. "Copy sho.rt/abc1234". */
	name: string;
}

/**
 * A small copy icon for places with no room for a CopyField, such as table rows: a tick for two seconds
 * once copied. Its status sits in a live region next to it, mounted from the start so screen readers
 * announce "Copied" when it fills; only a failure is also shown, since it needs reading.
 */
export function CopyButton({ text, copy, name }: CopyButtonProps) {
	const [status, setStatus] = useState<CopyStatus>("idle");

	useEffect(() => {
		if (status !== "copied") return;
		const timer = setTimeout(() => setStatus("idle"), 2000);
		return () => clearTimeout(timer);
	}, [status]);

	return (
		<span className="copy-button">
			<button
				type="button"
				className={`icon-button${status === "copied" ? " icon-button--done" : ""}`}
				aria-label={name}
				title={status === "copied" ? t("copied") : name}
				onClick={async () => {
					setStatus("idle");
					try {
						await copy(text);
						setStatus("copied");
					} catch {
						setStatus("failed");
					}
				}}
			>
				{status === "copied" ? <CheckIcon /> : <CopyIcon />}
			</button>
			<span role="status" className={`copy-button__status copy-button__status--${status}`}>
				{status === "copied" ? t("copied") : status === "failed" ? t("copyFailedShort") : ""}
			</span>
		</span>
	);
}
