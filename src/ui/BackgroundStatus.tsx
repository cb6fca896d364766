import { useCallback, useEffect, useState } from "react";
import type { Reply } from "../messages";
import { useBackground } from "./BackgroundContext";

type Status = { state: "checking" } | { state: "settled"; reply: Reply<"ping"> };

/** Shows whether the background service worker answers, with a retry when it does not. */
export function BackgroundStatus() {
	const call = useBackground();
	const [status, setStatus] = useState<Status>({ state: "checking" });

	const check = useCallback(async () => {
		setStatus({ state: "checking" });
		setStatus({ state: "settled", reply: await call({ type: "ping" }) });
	}, [call]);

	useEffect(() => {
		void check();
	}, [check]);

	if (status.state === "checking") {
		return (
			<p className="status" role="status">
				Connecting to Shorty…
			</p>
		);
	}
	const { reply } = status;
	if (reply.ok) {
		return (
			<p className="status status--ok" role="status">
				Ready · version {reply.data.version}
			</p>
		);
	}
	return (
		<div className="status status--error" role="alert">
			<p>{reply.error.message}</p>
			<button type="button" onClick={() => void check()}>
				Try again
			</button>
		</div>
	);
}
