/**
 * Test data for the redirect page, written to a local Firestore (Shorty's server or the official
 * emulator) with the administrator token, "Bearer owner", as a server script with the Admin SDK would:
 * the only honest way to store a target the rules refuse (a javascript: address), standing for a
 * tampered database. Used by the page's unit tests, its end-to-end tests and its benchmark.
 */
import { PROJECT_ID } from "../local/config";

export interface FirestoreAdmin {
	/** Writes links/{code} (clicks 0) and targets/{code} { url }, with no check of `url`. */
	addLink(code: string, url: string): Promise<void>;
	/** links/{code}.clicks. */
	clicksOf(code: string): Promise<number>;
}

const DOCUMENTS = `projects/${PROJECT_ID}/databases/(default)/documents`;

/** `origin` is the Firestore server's, "http://127.0.0.1:8080". */
export function firestoreAdmin(origin: string): FirestoreAdmin {
	const call = async (rpc: string, body: unknown) => {
		const response = await fetch(`${origin}/v1/${DOCUMENTS}:${rpc}`, {
			method: "POST",
			headers: { Authorization: "Bearer owner" },
			body: JSON.stringify(body),
		});
		if (!response.ok) throw new Error(`${rpc} failed: ${response.status} ${await response.text()}`);
		return response.json();
	};
	const string = (value: string) => ({ stringValue: value });
	return {
		async addLink(code, url) {
			const link = { url: string(url), owner: string("test-owner"), clicks: { integerValue: "0" } };
			await call("commit", {
				writes: [
					{ update: { name: `${DOCUMENTS}/links/${code}`, fields: link } },
					{ update: { name: `${DOCUMENTS}/targets/${code}`, fields: { url: string(url) } } },
				],
			});
		},
		async clicksOf(code) {
			const [answer] = (await call("batchGet", { documents: [`${DOCUMENTS}/links/${code}`] })) as Array<{
				found?: { fields: { clicks: { integerValue: string } } };
			}>;
			if (!answer?.found) throw new Error(`links/${code} does not exist`);
			return Number(answer.found.fields.clicks.integerValue);
		},
	};
}
