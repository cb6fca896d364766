/** The logo and page title shared by every extension page. */
export function Brand({ title }: { title: string }) {
	return (
		<div className="brand">
			{/* Served from public/, which the build copies to the extension's root. */}
			<img src="/icons/48.png" alt="" />
			<h1>{title}</h1>
		</div>
	);
}
