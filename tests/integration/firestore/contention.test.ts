/**
 * Production's limit on writes to one document, as the local server models it when asked
 * (local/firestore/contention.ts): a short burst, then about one write a second, and past that the
 * commit is refused with ABORTED, "Too much contention on these documents". The real SDK, as a counter
 * on one document would use it.
 */
import { doc, getDoc, increment, setDoc } from "firebase/firestore/lite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENTION_MESSAGE, FIRESTORE_WRITE_CONTENTION } from "../../../local/firestore/contention";
import { ADMINISTRATOR, errorCodeOf, PROJECT_ID, startTestServer, type TestServer } from "./helpers";

let contended: TestServer;
let unlimited: TestServer;

beforeAll(async () => {
	[contended, unlimited] = await Promise.all([
		startTestServer({ writeContention: FIRESTORE_WRITE_CONTENTION }),
		startTestServer(),
	]);
});

afterAll(async () => {
	await Promise.all([contended.stop(), unlimited.stop()]);
});

const VISITS = 50;

/** `VISITS` increments at once, each sent once; how many were refused, and with what. */
async function burst(server: TestServer, pathOf: (i: number) => string): Promise<string[]> {
	const db = server.connect(ADMINISTRATOR);
	const outcomes = await Promise.all(
		Array.from({ length: VISITS }, (_, i) =>
			errorCodeOf(setDoc(doc(db, pathOf(i)), { n: increment(1) }, { merge: true })).catch(() => "ok"),
		),
	);
	return outcomes.filter((outcome) => outcome !== "ok");
}

async function countOf(server: TestServer, path: string): Promise<number> {
	return ((await getDoc(doc(server.connect(ADMINISTRATOR), path))).get("n") as number | undefined) ?? 0;
}

describe("write contention on one document", () => {
	it("loses most of a burst on a single-document counter, refusing the rest as aborted", async () => {
		const refused = await burst(contended, () => "counters/hot");
		const counted = await countOf(contended, "counters/hot");
		expect(counted + refused.length).toBe(VISITS);
		expect(counted).toBeGreaterThanOrEqual(FIRESTORE_WRITE_CONTENTION.burst);
		// The burst, plus what a second of refill allows while the requests arrive.
		expect(counted).toBeLessThanOrEqual(FIRESTORE_WRITE_CONTENTION.burst + 3);
		expect(new Set(refused)).toEqual(new Set(["aborted"]));
	});

	it("answers a contended commit with production's status and message", async () => {
		const commit = () =>
			fetch(`${contended.url}/v1/projects/${PROJECT_ID}/databases/(default)/documents:commit`, {
				method: "POST",
				headers: { Authorization: "Bearer owner" },
				body: JSON.stringify({
					writes: [
						{
							update: { name: `projects/${PROJECT_ID}/databases/(default)/documents/counters/raw`, fields: {} },
							updateMask: { fieldPaths: [] },
							updateTransforms: [{ fieldPath: "n", increment: { integerValue: "1" } }],
						},
					],
				}),
			});
		const answers = await Promise.all(Array.from({ length: FIRESTORE_WRITE_CONTENTION.burst + 5 }, commit));
		const refusal = answers.find((answer) => !answer.ok);
		expect(refusal?.status).toBe(409);
		expect(await refusal?.json()).toEqual({ error: { code: 409, status: "ABORTED", message: CONTENTION_MESSAGE } });
	});

	it("takes about one write a second once the burst is spent", async () => {
		await burst(contended, () => "counters/steady");
		const before = await countOf(contended, "counters/steady");
		await new Promise((resolve) => setTimeout(resolve, 1100));
		await setDoc(doc(contended.connect(ADMINISTRATOR), "counters/steady"), { n: increment(1) }, { merge: true });
		expect(await countOf(contended, "counters/steady")).toBe(before + 1);
	});

	it("takes the same burst spread over as many documents, every write", async () => {
		expect(await burst(contended, (i) => `counters/spread/shards/${i}`)).toEqual([]);
	});

	it("is off unless the server is asked to model it", async () => {
		expect(await burst(unlimited, () => "counters/hot")).toEqual([]);
		expect(await countOf(unlimited, "counters/hot")).toBe(VISITS);
	});
});
