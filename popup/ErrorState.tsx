import { useRef } from "react";
import { t } from "../src/i18n/translate";
import { useFocusOnMount } from "./useFocusOnMount";

/** A failed or timed-out shorten. Retry takes focus, so Enter tries again and focus is not left on <body>. */
export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
	const retry = useRef<HTMLButtonElement>(null);
	useFocusOnMount(retry);
	return (
		<section className="popup-message popup-message--error">
			<p role="alert">{message}</p>
			<button ref={retry} type="button" onClick={onRetry}>
				{t("retry")}
			</button>
		</section>
	);
}
