import { BackgroundStatus } from "../src/ui/BackgroundStatus";
import { Brand } from "../src/ui/Brand";

export function Popup() {
	return (
		<main className="popup">
			<Brand title="Shorty" />
			<BackgroundStatus />
		</main>
	);
}
