/**
 * Test data for the redirect page and the short-link function, written to a local Firestore (Shorty's server or the official
 * emulator) with the administrator token, "Bearer owner", as a server script with the Admin SDK would:
 * the only honest way to store a target the rules refuse (a javascript: address), standing for a
 * tampered database. Used by the page's unit tests, its end-to-end tests and its benchmark.
 */
import { PROJECT_ID } from "../local/config";

/** Who owns the links addLink writes. */
export const TEST_OWNER = "test-owner";

export interface FirestoreAdmin {
	/** Writes links/{code} (owner TEST_OWNER, clicks 0) and targets/{code} { url }, with no check of `url`. */
	addLink(code: string, url: string): Promise<void>;
	/**
	 * links/{code}.clicks, the old single-document counter nobody writes any more: addLink sets it to 0 so a
	 * test can show the function leaves the link alone, and the burst test shows that counter losing visits.
	 */
	clicksOf(code: string): Promise<number>;
	/** Whether links/{code} exists. */
	hasLink(code: string): Promise<boolean>;
	/** The address targets/{code} sends visitors to, or undefined when there is no such document. */
	targetOf(code: string): Promise<string | undefined>;
	/** What the Cloud Function counted for `code`, summed over every day and shard (functions/src/clicks.ts). */
	visitsOf(code: string): Promise<Visits>;
	/** `owner`'s totals of `code` (clickTotals where owner ==, code ==, the delete's query), by document id. */
	totalsOf(owner: string, code: string): Promise<Record<string, ClickTotal>>;
}

/** A clickTotals document as stored, its time as the REST API spells it; a field it lacks is undefined. */
export interface ClickTotal {
	owner: string | undefined;
	code: string | undefined;
	people: number | undefined;
	updatedAt: string | undefined;
}

export interface Visits {
	people: number;
	bots: number;
	prefetches: number;
	/** People by referring host, device class and browser class. */
	referrers: Record<string, number>;
	devices: Record<string, number>;
	browsers: Record<string, number>;
	/** The day buckets the counts are in. */
	days: string[];
	/** How many day documents (shards) hold them. */
	documents: number;
}

const DOCUMENTS = `projects/${PROJECT_ID}/databases/(default)/documents`;

/** `origin` is the Firestore server's, "http://127.0.0.1:8080". */
export function firestoreAdmin(origin: string): FirestoreAdmin {
	const call = async (rpc: string, body: unknown, parent = "") => {
		const response = await fetch(`${origin}/v1/${DOCUMENTS}${parent}:${rpc}`, {
			method: "POST",
			headers: { Authorization: "Bearer owner" },
			body: JSON.stringify(body),
		});
		if (!response.ok) throw new Error(`${rpc} failed: ${response.status} ${await response.text()}`);
		return response.json();
	};
	/** The document's fields as the REST API spells them, or undefined when it does not exist. */
	const fieldsOf = async (path: string) => {
		const [answer] = (await call("batchGet", { documents: [`${DOCUMENTS}/${path}`] })) as Array<{
			found?: { fields?: Record<string, unknown> };
		}>;
		return answer?.found ? (answer.found.fields ?? {}) : undefined;
	};
	const string = (value: string) => ({ stringValue: value });
	return {
		async addLink(code, url) {
			const link = { url: string(url), owner: string(TEST_OWNER), clicks: { integerValue: "0" } };
			await call("commit", {
				writes: [
					{ update: { name: `${DOCUMENTS}/links/${code}`, fields: link } },
					{ update: { name: `${DOCUMENTS}/targets/${code}`, fields: { url: string(url) } } },
				],
			});
		},
		async clicksOf(code) {
			const link = await fieldsOf(`links/${code}`);
			if (!link) throw new Error(`links/${code} does not exist`);
			return Number((link.clicks as { integerValue: string }).integerValue);
		},
		async hasLink(code) {
			return (await fieldsOf(`links/${code}`)) !== undefined;
		},
		async targetOf(code) {
			return ((await fieldsOf(`targets/${code}`))?.url as { stringValue: string } | undefined)?.stringValue;
		},
		async totalsOf(owner, code) {
			const equals = (field: string, value: string) => ({
				fieldFilter: { field: { fieldPath: field }, op: "EQUAL", value: string(value) },
			});
			const answers = (await call("runQuery", {
				structuredQuery: {
					from: [{ collectionId: "clickTotals" }],
					where: { compositeFilter: { op: "AND", filters: [equals("owner", owner), equals("code", code)] } },
				},
			})) as Array<{
				document?: {
					name: string;
					fields: Partial<{
						owner: { stringValue: string };
						code: { stringValue: string };
						people: { integerValue: string };
						updatedAt: { timestampValue: string };
					}>;
				};
			}>;
			const totals: Record<string, ClickTotal> = {};
			for (const { document } of answers) {
				if (!document) continue;
				const { fields } = document;
				totals[document.name.slice(document.name.lastIndexOf("/") + 1)] = {
					owner: fields.owner?.stringValue,
					code: fields.code?.stringValue,
					people: fields.people && Number(fields.people.integerValue),
					updatedAt: fields.updatedAt?.timestampValue,
				};
			}
			return totals;
		},
		async visitsOf(code) {
			type Count = { integerValue?: string };
			type Counts = { mapValue: { fields?: Record<string, Count> } };
			const answers = (await call(
				"runQuery",
				{ structuredQuery: { from: [{ collectionId: "days" }] } },
				`/clicks/${code}`,
			)) as Array<{
				document?: {
					fields: { day: { stringValue: string } } & Partial<Record<"people" | "bots" | "prefetches", Count>> &
						Partial<Record<"referrers" | "devices" | "browsers", Counts>>;
				};
			}>;
			const visits: Visits = {
				people: 0,
				bots: 0,
				prefetches: 0,
				referrers: {},
				devices: {},
				browsers: {},
				days: [],
				documents: 0,
			};
			const add = (into: Record<string, number>, counts: Counts | undefined) => {
				for (const [key, count] of Object.entries(counts?.mapValue.fields ?? {})) {
					into[key] = (into[key] ?? 0) + Number(count.integerValue ?? 0);
				}
			};
			for (const { document } of answers) {
				if (!document) continue;
				const { day, people, bots, prefetches, referrers, devices, browsers } = document.fields;
				visits.documents += 1;
				visits.people += Number(people?.integerValue ?? 0);
				visits.bots += Number(bots?.integerValue ?? 0);
				visits.prefetches += Number(prefetches?.integerValue ?? 0);
				add(visits.referrers, referrers);
				add(visits.devices, devices);
				add(visits.browsers, browsers);
				if (!visits.days.includes(day.stringValue)) visits.days.push(day.stringValue);
			}
			return visits;
		},
	};
}
