import { BackgroundStatus } from "../src/ui/BackgroundStatus";
import { Brand } from "../src/ui/Brand";

export function Options() {
	return (
		<div className="options">
			<header>
				<Brand title="Shorty options" />
			</header>
			<main>
				<section aria-labelledby="connection-heading">
					<h2 id="connection-heading">Connection</h2>
					<BackgroundStatus />
				</section>
			</main>
		</div>
	);
}
