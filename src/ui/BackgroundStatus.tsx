import { useCallback, useEffect, useRef, useState } from "react";
import { errorText } from "../i18n/errorText";
import { t } from "../i18n/translate";
import type { Reply } from "../messages";
import { useBackground } from "./BackgroundContext";

type Status = { state: "checking" } | { state: "settled"; reply: Reply<"ping"> };

/**
 * Which Shorty this is ("Shorty 0.1.0", as the background reports it), or, when the background service
 * worker does not answer, why, with a retry. One live region
 * stays mounted throughout, because screen readers announce changes to an existing region reliably but
 * may miss a region that is inserted already filled.
 */
export function BackgroundStatus() {
	const call = useBackground();
	const [status, setStatus] = useState<Status>({ state: "checking" });
	const message = useRef<HTMLParagraphElement>(null);
	const retried = useRef(false);

	const check = useCallback(
		async (isCurrent: () => boolean = () => true) => {
			setStatus({ state: "checking" });
			const reply = await call({ type: "ping" });
			if (isCurrent()) setStatus({ state: "settled", reply });
		},
		[call],
	);

	useEffect(() => {
		let current = true;
		void check(() => current);
		return () => {
			current = false;
		};
	}, [check]);

	const reply = status.state === "settled" ? status.reply : null;
	useEffect(() => {
		// The retry button disappears on success; keep keyboard focus in the same place instead of on <body>.
		if (reply?.ok && retried.current) message.current?.focus();
	}, [reply]);

	const failed = reply !== null && !reply.ok;
	return (
		<div className={`status${failed ? " status--error" : ""}`}>
			<p role="status" ref={message} tabIndex={-1}>
				{reply === null
					? t("connecting")
					: reply.ok
						? t("versionLine", { version: reply.data.version })
						: errorText(reply.error)}
			</p>
			{(failed || (status.state === "checking" && retried.current)) && (
				<button
					type="button"
					aria-disabled={status.state === "checking"}
					onClick={() => {
						if (status.state === "checking") return;
						retried.current = true;
						void check();
					}}
				>
					{t("tryAgain")}
				</button>
			)}
		</div>
	);
}
