import { createServer } from "node:net";

function listenOnce(port: number): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.once("error", reject);
		server.listen({ port, host: "127.0.0.1", exclusive: true }, () => {
			const address = server.address();
			server.close(() => resolve(typeof address === "object" && address ? address.port : port));
		});
	});
}

/** A port that was free a moment ago, for services that cannot report the port they bound. */
export function freePort(): Promise<number> {
	return listenOnce(0);
}

export class PortInUseError extends Error {
	override name = "PortInUseError";
}

/** Fails with a message that names the service and how to move it, instead of a bare EADDRINUSE later. */
export async function assertPortFree(port: number, service: string, variable: string): Promise<void> {
	try {
		await listenOnce(port);
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
		throw new PortInUseError(
			`Port ${port} for the ${service} is already in use. Stop whatever holds it (is another \`npm start\` running?) or pick another port with ${variable}=<port>.`,
		);
	}
}
