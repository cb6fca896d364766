/**
 * The security rules as a matrix: every operation on links/, targets/, quotas/, a link's visit counts
 * (clicks/{code}/days/{day}) and all-time totals (clickTotals/{code}-{shard}) and the tombstones of deleted
 * links (owners/{uid}/deleted/{code}), with valid and invalid data,
 * by each kind of caller, against the backend through the real SDK. Each cell starts from a fresh link
 * of the owner's; a refused write must leave every document it touched as it was.
 *
 * Callers: the owner and another user have email accounts (anonymous sessions upgraded, as the extension
 * does), a third user stays anonymous, and a visitor is signed out. The rules do not tell account kinds
 * apart; the matrix proves no path does.
 */
import {
	collection,
	type DocumentData,
	deleteDoc,
	deleteField,
	doc,
	documentId,
	type Firestore,
	getAggregate,
	getCount,
	getDoc,
	getDocs,
	increment,
	limit,
	orderBy,
	query,
	serverTimestamp,
	setDoc,
	sum,
	Timestamp,
	updateDoc,
	where,
	writeBatch,
} from "firebase/firestore/lite";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { administrator, type Client, newAccount, newUser, signedOut } from "./clients";
import { countFor, createLink, linkFields, newCode } from "./links";

type Caller = "owner" | "other" | "anonymous" | "signedOut";
const CALLERS: readonly Caller[] = ["owner", "other", "anonymous", "signedOut"];
const EVERYONE: readonly Caller[] = CALLERS;
const SIGNED_IN: readonly Caller[] = ["owner", "other", "anonymous"];
const OWNER: readonly Caller[] = ["owner"];
const NOBODY: readonly Caller[] = [];

/**
 * What a cell acts on: the owner's fresh link, a code nobody holds yet (for creates), and a code whose
 * public target stands without a link (as the Admin SDK could leave one).
 */
interface Fixture {
	code: string;
	freeCode: string;
	orphanCode: string;
	url: string;
}

interface Context {
	client: Client;
	/** The caller's uid, or a placeholder for the signed-out visitor (whose writes name no real user). */
	uid: string;
	fixture: Fixture;
	/** The link owner's uid and another user's, for writes that name someone else. */
	ownerUid: string;
	someoneElse: string;
}

interface Row {
	collection: "links" | "targets" | "quotas" | "clicks" | "clickTotals" | "tombstones";
	operation: string;
	data: string;
	allowed: readonly Caller[];
	run(context: Context): Promise<unknown>;
}

const NEW_URL = "https://example.com/matrix/edited";
const tagsOf = (count: number) => Array.from({ length: count }, (_, i) => `tag ${i}`);
const TOO_MANY_TAGS = tagsOf(11);
/** An owner's edit of a link's tags, as the store writes it. */
const tagged = (tags: unknown[]): DocumentData => ({ tags, updatedAt: serverTimestamp() });
/** This backend's Hosting, the local short-link site; an external backend has none, so a made-up one. */
const SITE = `http://${inject("backend").hosting ?? "127.0.0.1:5000"}/`;

/** The fields an owner's edit of the target writes, valid as the rules want them. */
function edit(url: string): DocumentData {
	const { host, urlHash } = linkFields("", url);
	return { url, host, urlHash, updatedAt: serverTimestamp() };
}

function batchOf(db: Firestore, fill: (batch: ReturnType<typeof writeBatch>) => void): Promise<void> {
	const batch = writeBatch(db);
	fill(batch);
	return batch.commit();
}

const linkOf = ({ client, fixture }: Context, code = fixture.code) => doc(client.db, "links", code);
const targetOf = ({ client, fixture }: Context, code = fixture.code) => doc(client.db, "targets", code);
const links = ({ client }: Context) => collection(client.db, "links");
const quotaOf = ({ client }: Context, uid: string) => doc(client.db, "quotas", uid);
const counted = (code: string) => ({ lastCode: code, lastAt: serverTimestamp() });
const newWindow = (code: string) => ({ ...counted(code), windowStart: serverTimestamp(), created: 1 });
/** The day every fixture's link has visits on, written as the Cloud Function writes them. */
const DAY = "2026-03-01";
/** owners/{uid}/deleted/{code}; every fixture's link has a tombstone of an earlier life, written by the administrator. */
const tombstoneOf = ({ client }: Context, uid: string, code: string) => doc(client.db, "owners", uid, "deleted", code);
const tombstonesOf = ({ client }: Context, uid: string) => collection(client.db, "owners", uid, "deleted");
const daysOf = ({ client, fixture }: Context, code = fixture.code) => collection(client.db, "clicks", code, "days");
const dayOf = (context: Context, code = context.fixture.code) => doc(daysOf(context, code), `${DAY}-0`);
const clickTotals = ({ client }: Context) => collection(client.db, "clickTotals");
/** clickTotals/{code}-0; every fixture's link has one, written as the Cloud Function writes it. */
const totalOf = (context: Context, code = context.fixture.code) => doc(clickTotals(context), `${code}-0`);

function createWith({ client, uid, fixture }: Context, change: (link: DocumentData) => void): Promise<void> {
	const link = linkFields(uid, "https://example.com/matrix/new");
	change(link);
	return createLink(client.db, fixture.freeCode, link, { url: link.url });
}

function updateWith(context: Context, change: DocumentData): Promise<void> {
	return updateDoc(linkOf(context), change);
}

const ROWS: Row[] = [
	// links: reading
	{ collection: "links", operation: "get", data: "an existing link", allowed: OWNER, run: (c) => getDoc(linkOf(c)) },
	{
		collection: "links",
		operation: "get",
		data: "a code with no link",
		allowed: NOBODY,
		run: (c) => getDoc(linkOf(c, c.fixture.freeCode)),
	},
	{
		collection: "links",
		operation: "list",
		data: "owner == the caller",
		allowed: SIGNED_IN,
		run: (c) => getDocs(query(links(c), where("owner", "==", c.uid), limit(10))),
	},
	{
		collection: "links",
		operation: "list",
		data: "owner == the link's owner",
		allowed: OWNER,
		run: (c) => getDocs(query(links(c), where("owner", "==", c.ownerUid), limit(10))),
	},
	{
		collection: "links",
		operation: "list",
		data: "no owner filter",
		allowed: NOBODY,
		run: (c) => getDocs(query(links(c), limit(10))),
	},
	{
		collection: "links",
		operation: "list",
		data: "a host filter alone",
		allowed: NOBODY,
		run: (c) => getDocs(query(links(c), where("host", "==", "example.com"), limit(10))),
	},
	{
		collection: "links",
		operation: "count",
		data: "owner == the caller",
		allowed: SIGNED_IN,
		run: (c) => getCount(query(links(c), where("owner", "==", c.uid))),
	},
	{
		collection: "links",
		operation: "count",
		data: "owner == the link's owner",
		allowed: OWNER,
		run: (c) => getCount(query(links(c), where("owner", "==", c.ownerUid))),
	},
	{
		collection: "links",
		operation: "count",
		data: "no owner filter",
		allowed: NOBODY,
		run: (c) => getCount(query(links(c))),
	},
	// links: creating (with the target in the same batch unless said otherwise)
	{
		collection: "links",
		operation: "create",
		data: "a valid link of the caller's",
		allowed: SIGNED_IN,
		run: (c) => createWith(c, () => undefined),
	},
	{
		collection: "links",
		operation: "create",
		data: "a URL with a no-break space, which the URL parser never leaves in an address",
		allowed: NOBODY,
		run: (c) => createWith(c, (link) => Object.assign(link, linkFields(c.uid, "https://example.com/a\u00a0b"))),
	},
	{
		collection: "links",
		operation: "create",
		data: "a valid link of the caller's with tags",
		allowed: SIGNED_IN,
		run: (c) => createWith(c, (link) => (link.tags = ["work", "Café crème"])),
	},
	{
		collection: "links",
		operation: "create",
		data: "11 tags",
		allowed: NOBODY,
		run: (c) => createWith(c, (link) => (link.tags = TOO_MANY_TAGS)),
	},
	{
		collection: "links",
		operation: "create",
		data: "a javascript: URL",
		allowed: NOBODY,
		run: (c) => createWith(c, (link) => (link.url = "javascript:alert(1)")),
	},
	{
		collection: "links",
		operation: "create",
		data: "a URL with a space",
		allowed: NOBODY,
		run: (c) => createWith(c, (link) => (link.url = "https://example.com/a b")),
	},
	{
		collection: "links",
		operation: "create",
		data: "someone else as owner",
		allowed: NOBODY,
		run: (c) => createWith(c, (link) => (link.owner = c.someoneElse)),
	},
	{
		collection: "links",
		operation: "create",
		data: "a click count of 0",
		allowed: NOBODY,
		run: (c) => createWith(c, (link) => (link.clicks = 0)),
	},
	{
		collection: "links",
		operation: "create",
		data: "a creation time from the client's clock, a minute off",
		allowed: NOBODY,
		run: (c) => createWith(c, (link) => (link.createdAt = Timestamp.fromMillis(Date.now() - 60_000))),
	},
	{
		collection: "links",
		operation: "create",
		data: "a reserved alias, in another case (Login)",
		allowed: NOBODY,
		run: (c) => createLink(c.client.db, "Login", linkFields(c.uid)),
	},
	{
		collection: "links",
		operation: "create",
		data: "a target on the project's firebaseapp.com site",
		allowed: NOBODY,
		run: (c) => createWith(c, (link) => (link.url = "https://demo-shorty.firebaseapp.com/abc1234")),
	},
	{
		collection: "links",
		operation: "create",
		data: "a target on the project's web.app site, with a root dot",
		allowed: NOBODY,
		run: (c) => createWith(c, (link) => (link.url = "https://demo-shorty.web.app./abc1234")),
	},
	{
		collection: "links",
		operation: "create",
		data: "a target on this backend's Hosting: another short link",
		allowed: NOBODY,
		run: (c) => createWith(c, (link) => (link.url = `${SITE}${c.fixture.code}`)),
	},
	{
		collection: "links",
		operation: "create",
		data: "not counted in the caller's quota",
		allowed: NOBODY,
		run: (c) =>
			batchOf(c.client.db, (batch) => {
				batch.set(linkOf(c, c.fixture.freeCode), linkFields(c.uid));
				batch.set(targetOf(c, c.fixture.freeCode), { url: linkFields(c.uid).url });
			}),
	},
	{
		collection: "links",
		operation: "create",
		data: "counted in another user's quota",
		allowed: NOBODY,
		run: async (c) => {
			const counted = await countFor(c.client.db, c.someoneElse, c.fixture.freeCode).catch(() => ({}));
			return batchOf(c.client.db, (batch) => {
				batch.set(linkOf(c, c.fixture.freeCode), linkFields(c.uid));
				batch.set(targetOf(c, c.fixture.freeCode), { url: linkFields(c.uid).url });
				batch.set(doc(c.client.db, "quotas", c.someoneElse), counted, { merge: true });
			});
		},
	},
	{
		collection: "links",
		operation: "create",
		data: "no target in the batch",
		allowed: NOBODY,
		run: (c) => setDoc(linkOf(c, c.fixture.freeCode), linkFields(c.uid)),
	},
	{
		collection: "links",
		operation: "create",
		data: "over an existing link's code",
		allowed: NOBODY,
		run: (c) => createLink(c.client.db, c.fixture.code, linkFields(c.uid)),
	},
	{
		collection: "links",
		operation: "create",
		data: "over a code whose target stands without a link",
		allowed: NOBODY,
		run: (c) => createLink(c.client.db, c.fixture.orphanCode, linkFields(c.uid)),
	},
	// links: the owner's edits
	{
		collection: "links",
		operation: "update",
		data: "a new URL with its target",
		allowed: OWNER,
		run: (c) =>
			batchOf(c.client.db, (batch) => {
				batch.update(linkOf(c), edit(NEW_URL));
				batch.set(targetOf(c), { url: NEW_URL });
			}),
	},
	{
		collection: "links",
		operation: "update",
		data: "the title",
		allowed: OWNER,
		run: (c) => updateWith(c, { title: "Renamed", updatedAt: serverTimestamp() }),
	},
	{
		collection: "links",
		operation: "update",
		data: "tags: 10, letters of any script, digits, space, '.', '_' and '-'",
		allowed: OWNER,
		run: (c) => updateWith(c, tagged(["work", "日本語", "नमस्ते", "q2 v1.0_beta-3", ...tagsOf(6)])),
	},
	{
		collection: "links",
		operation: "update",
		data: "the tags taken off (the field deleted)",
		allowed: OWNER,
		run: (c) => updateWith(c, { tags: deleteField(), updatedAt: serverTimestamp() }),
	},
	{
		collection: "links",
		operation: "update",
		data: "11 tags",
		allowed: NOBODY,
		run: (c) => updateWith(c, tagged(TOO_MANY_TAGS)),
	},
	{
		collection: "links",
		operation: "update",
		data: "a tag of 33 characters",
		allowed: NOBODY,
		run: (c) => updateWith(c, tagged(["t".repeat(33)])),
	},
	{
		collection: "links",
		operation: "update",
		data: "a tag with a bad character (a<b)",
		allowed: NOBODY,
		run: (c) => updateWith(c, tagged(["a<b"])),
	},
	{
		collection: "links",
		operation: "update",
		data: "an empty tag",
		allowed: NOBODY,
		run: (c) => updateWith(c, tagged([""])),
	},
	{
		collection: "links",
		operation: "update",
		data: "tags as a string, not a list",
		allowed: NOBODY,
		run: (c) => updateWith(c, { tags: "work", updatedAt: serverTimestamp() }),
	},
	{
		collection: "links",
		operation: "update",
		data: "a number among the tags",
		allowed: NOBODY,
		run: (c) => updateWith(c, { tags: ["work", 5], updatedAt: serverTimestamp() }),
	},
	{
		collection: "links",
		operation: "update",
		data: "tags without updatedAt",
		allowed: NOBODY,
		run: (c) => updateWith(c, { tags: ["work"] }),
	},
	{
		collection: "links",
		operation: "update",
		data: "a javascript: URL with its target",
		allowed: NOBODY,
		run: (c) =>
			batchOf(c.client.db, (batch) => {
				batch.update(linkOf(c), { ...edit(NEW_URL), url: "javascript:alert(1)" });
				batch.set(targetOf(c), { url: "javascript:alert(1)" });
			}),
	},
	{
		collection: "links",
		operation: "update",
		data: "a new URL on the short-link site with its target",
		allowed: NOBODY,
		run: (c) =>
			batchOf(c.client.db, (batch) => {
				const loop = `${SITE}${c.fixture.code}`;
				batch.update(linkOf(c), edit(loop));
				batch.set(targetOf(c), { url: loop });
			}),
	},
	{
		collection: "links",
		operation: "update",
		data: "a new URL, target left behind",
		allowed: NOBODY,
		run: (c) => updateWith(c, edit(NEW_URL)),
	},
	{
		collection: "links",
		operation: "update",
		data: "the title without updatedAt",
		allowed: NOBODY,
		run: (c) => updateWith(c, { title: "Renamed" }),
	},
	{
		collection: "links",
		operation: "update",
		data: "a title of 501 characters",
		allowed: NOBODY,
		run: (c) => updateWith(c, { title: "t".repeat(501), updatedAt: serverTimestamp() }),
	},
	{
		collection: "links",
		operation: "update",
		data: "the owner",
		allowed: NOBODY,
		run: (c) => updateWith(c, { owner: c.someoneElse, updatedAt: serverTimestamp() }),
	},
	{
		collection: "links",
		operation: "update",
		data: "the creation time",
		allowed: NOBODY,
		run: (c) => updateWith(c, { createdAt: serverTimestamp(), updatedAt: serverTimestamp() }),
	},
	{
		collection: "links",
		operation: "update",
		data: "custom flipped",
		allowed: NOBODY,
		run: (c) => updateWith(c, { custom: true, updatedAt: serverTimestamp() }),
	},
	// links: visits are counted by the function alone; no field can be probed by "setting" its own value
	{
		collection: "links",
		operation: "update",
		data: "clicks + 1",
		allowed: NOBODY,
		run: (c) => updateWith(c, { clicks: increment(1) }),
	},
	{
		collection: "links",
		operation: "update",
		data: "the owner set to the value it has (a guess)",
		allowed: NOBODY,
		run: (c) => updateWith(c, { owner: c.ownerUid }),
	},
	{
		collection: "links",
		operation: "update",
		data: "the URL set to the value it has (a guess)",
		allowed: NOBODY,
		run: (c) => updateWith(c, { url: c.fixture.url }),
	},
	// links: deleting
	{
		collection: "links",
		operation: "delete",
		data: "the link with its target",
		allowed: OWNER,
		run: (c) =>
			batchOf(c.client.db, (batch) => {
				batch.delete(linkOf(c));
				batch.delete(targetOf(c));
			}),
	},
	{
		collection: "links",
		operation: "delete",
		data: "the link alone",
		allowed: NOBODY,
		run: (c) => deleteDoc(linkOf(c)),
	},
	// clicks/{code}/days: the function writes them (Admin SDK); the link's owner reads and deletes them
	{ collection: "clicks", operation: "get", data: "a day of the link", allowed: OWNER, run: (c) => getDoc(dayOf(c)) },
	{
		collection: "clicks",
		operation: "get",
		data: "a day of a code with no link",
		allowed: NOBODY,
		run: (c) => getDoc(dayOf(c, c.fixture.freeCode)),
	},
	{ collection: "clicks", operation: "list", data: "every day", allowed: OWNER, run: (c) => getDocs(daysOf(c)) },
	{
		collection: "clicks",
		operation: "list",
		data: "a window of days (a range on day)",
		allowed: OWNER,
		run: (c) => getDocs(query(daysOf(c), where("day", ">=", "2026-02-01"), where("day", "<=", DAY))),
	},
	{
		collection: "clicks",
		operation: "sum",
		data: "people over every day",
		allowed: OWNER,
		run: (c) => getAggregate(daysOf(c), { people: sum("people") }),
	},
	{
		collection: "clicks",
		operation: "create",
		data: "a day with people: 1",
		allowed: NOBODY,
		run: (c) => setDoc(doc(daysOf(c), "2026-03-02-0"), { day: "2026-03-02", people: 1 }),
	},
	{
		collection: "clicks",
		operation: "update",
		data: "people + 1",
		allowed: NOBODY,
		run: (c) => updateDoc(dayOf(c), { people: increment(1) }),
	},
	{
		collection: "clicks",
		operation: "delete",
		data: "a day of the link",
		allowed: OWNER,
		run: (c) => deleteDoc(dayOf(c)),
	},
	// clickTotals/{code}-{shard}: the function writes them (Admin SDK); the owner named in them reads and deletes them
	{ collection: "clickTotals", operation: "get", data: "the link's", allowed: OWNER, run: (c) => getDoc(totalOf(c)) },
	{
		collection: "clickTotals",
		operation: "get",
		data: "a code with no total",
		allowed: NOBODY,
		run: (c) => getDoc(totalOf(c, c.fixture.freeCode)),
	},
	{
		collection: "clickTotals",
		operation: "list",
		data: "owner == the caller, by updatedAt then name (the mirror's sync)",
		allowed: SIGNED_IN,
		run: (c) =>
			getDocs(
				query(clickTotals(c), where("owner", "==", c.uid), orderBy("updatedAt"), orderBy(documentId()), limit(10)),
			),
	},
	{
		collection: "clickTotals",
		operation: "list",
		data: "owner == the link's owner, code == the link's code (the delete's query)",
		allowed: OWNER,
		run: (c) => getDocs(query(clickTotals(c), where("owner", "==", c.ownerUid), where("code", "==", c.fixture.code))),
	},
	{
		collection: "clickTotals",
		operation: "list",
		data: "code == the link's code alone",
		allowed: NOBODY,
		run: (c) => getDocs(query(clickTotals(c), where("code", "==", c.fixture.code))),
	},
	{
		collection: "clickTotals",
		operation: "create",
		data: "a total of the caller's own, people: 1",
		allowed: NOBODY,
		run: (c) =>
			setDoc(totalOf(c, c.fixture.freeCode), {
				owner: c.uid,
				code: c.fixture.freeCode,
				people: 1,
				updatedAt: serverTimestamp(),
			}),
	},
	{
		collection: "clickTotals",
		operation: "update",
		data: "people + 1",
		allowed: NOBODY,
		run: (c) => updateDoc(totalOf(c), { people: increment(1), updatedAt: serverTimestamp() }),
	},
	{
		collection: "clickTotals",
		operation: "delete",
		data: "a total of the link",
		allowed: OWNER,
		run: (c) => deleteDoc(totalOf(c)),
	},
	// targets
	{
		collection: "targets",
		operation: "get",
		data: "an existing target",
		allowed: EVERYONE,
		run: (c) => getDoc(targetOf(c)),
	},
	{
		collection: "targets",
		operation: "get",
		data: "a code with no target",
		allowed: EVERYONE,
		run: (c) => getDoc(targetOf(c, c.fixture.freeCode)),
	},
	{
		collection: "targets",
		operation: "list",
		data: "no filter",
		allowed: NOBODY,
		run: (c) => getDocs(query(collection(c.client.db, "targets"), limit(10))),
	},
	{
		collection: "targets",
		operation: "list",
		data: "url == the link's URL",
		allowed: NOBODY,
		run: (c) => getDocs(query(collection(c.client.db, "targets"), where("url", "==", c.fixture.url))),
	},
	{
		collection: "targets",
		operation: "update",
		data: "its link's URL, unchanged",
		allowed: OWNER,
		run: (c) => setDoc(targetOf(c), { url: c.fixture.url }),
	},
	{
		collection: "targets",
		operation: "update",
		data: "another URL",
		allowed: NOBODY,
		run: (c) => setDoc(targetOf(c), { url: "https://evil.example/" }),
	},
	{
		collection: "targets",
		operation: "update",
		data: "an extra field",
		allowed: NOBODY,
		run: (c) => setDoc(targetOf(c), { url: c.fixture.url, note: "x" }),
	},
	{
		collection: "targets",
		operation: "create",
		data: "for a code with no link",
		allowed: NOBODY,
		run: (c) => setDoc(targetOf(c, c.fixture.freeCode), { url: "https://example.com/orphan" }),
	},
	{
		collection: "targets",
		operation: "delete",
		data: "the target alone",
		allowed: NOBODY,
		run: (c) => deleteDoc(targetOf(c)),
	},
	// quotas: read by their user, written only by counting a link (rules.test.ts counts up to the limits)
	{
		collection: "quotas",
		operation: "get",
		data: "the caller's own",
		allowed: SIGNED_IN,
		run: (c) => getDoc(quotaOf(c, c.uid)),
	},
	{
		collection: "quotas",
		operation: "get",
		data: "the link owner's",
		allowed: OWNER,
		run: (c) => getDoc(quotaOf(c, c.ownerUid)),
	},
	{
		collection: "quotas",
		operation: "create",
		data: "for another user, who has none",
		allowed: NOBODY,
		run: (c) => setDoc(quotaOf(c, `nobody-${c.fixture.freeCode}`), newWindow(c.fixture.freeCode)),
	},
	{
		collection: "quotas",
		operation: "update",
		data: "the caller's own, set back to a new window within the hour",
		allowed: NOBODY,
		run: (c) => setDoc(quotaOf(c, c.uid), newWindow(c.fixture.freeCode)),
	},
	{
		collection: "quotas",
		operation: "update",
		data: "the caller's own, counted back down",
		allowed: NOBODY,
		run: (c) => setDoc(quotaOf(c, c.uid), { ...counted(c.fixture.freeCode), created: increment(-1) }, { merge: true }),
	},
	{
		collection: "quotas",
		operation: "delete",
		data: "the caller's own",
		allowed: NOBODY,
		run: (c) => deleteDoc(quotaOf(c, c.uid)),
	},
	// tombstones: each user reads their own and writes them only as deleted now; nobody deletes one
	{
		collection: "tombstones",
		operation: "get",
		data: "the link owner's",
		allowed: OWNER,
		run: (c) => getDoc(tombstoneOf(c, c.ownerUid, c.fixture.code)),
	},
	{
		collection: "tombstones",
		operation: "list",
		data: "the caller's own, since a time (the sync's query)",
		allowed: SIGNED_IN,
		run: (c) => getDocs(query(tombstonesOf(c, c.uid), where("deletedAt", ">", Timestamp.fromMillis(0)), limit(10))),
	},
	{
		collection: "tombstones",
		operation: "list",
		data: "the link owner's",
		allowed: OWNER,
		run: (c) => getDocs(query(tombstonesOf(c, c.ownerUid), limit(10))),
	},
	{
		collection: "tombstones",
		operation: "create",
		data: "the caller's own, deletedAt = request.time",
		allowed: SIGNED_IN,
		run: (c) => setDoc(tombstoneOf(c, c.uid, c.fixture.freeCode), { deletedAt: serverTimestamp() }),
	},
	{
		collection: "tombstones",
		operation: "create",
		data: "in the link owner's, deletedAt = request.time",
		allowed: OWNER,
		run: (c) => setDoc(tombstoneOf(c, c.ownerUid, c.fixture.freeCode), { deletedAt: serverTimestamp() }),
	},
	{
		collection: "tombstones",
		operation: "create",
		data: "the caller's own, deletedAt from the client's clock, a minute off",
		allowed: NOBODY,
		run: (c) =>
			setDoc(tombstoneOf(c, c.uid, c.fixture.freeCode), { deletedAt: Timestamp.fromMillis(Date.now() - 60_000) }),
	},
	{
		collection: "tombstones",
		operation: "create",
		data: "the caller's own, with an extra field",
		allowed: NOBODY,
		run: (c) => setDoc(tombstoneOf(c, c.uid, c.fixture.freeCode), { deletedAt: serverTimestamp(), url: c.fixture.url }),
	},
	{
		collection: "tombstones",
		operation: "create",
		data: "the caller's own, under a code no link can have",
		allowed: NOBODY,
		run: (c) => setDoc(tombstoneOf(c, c.uid, "x"), { deletedAt: serverTimestamp() }),
	},
	{
		collection: "tombstones",
		operation: "update",
		data: "the link owner's, deletedAt = request.time",
		allowed: OWNER,
		run: (c) => setDoc(tombstoneOf(c, c.ownerUid, c.fixture.code), { deletedAt: serverTimestamp() }),
	},
	{
		collection: "tombstones",
		operation: "delete",
		data: "the link owner's",
		allowed: NOBODY,
		run: (c) => deleteDoc(tombstoneOf(c, c.ownerUid, c.fixture.code)),
	},
];

let owner: Client & { uid: string };
let other: Client & { uid: string };
let anonymous: Client & { uid: string };
let visitor: Client;
let admin: Client;

beforeAll(async () => {
	[owner, other, anonymous] = await Promise.all([newAccount(), newAccount(), newUser()]);
	visitor = signedOut();
	admin = administrator();
	// Each user's quota exists, so a quota row tries to change a count rather than start one.
	await Promise.all([owner, other, anonymous].map((user) => createLink(user.db, newCode(), linkFields(user.uid))));
});

afterAll(async () => {
	await Promise.all([owner?.close(), other?.close(), anonymous?.close(), visitor?.close(), admin?.close()]);
});

function contextFor(caller: Caller, fixture: Fixture): Context {
	const client = { owner, other, anonymous, signedOut: visitor }[caller];
	const uid = client.uid ?? "signed-out-visitor";
	return { client, uid, fixture, ownerUid: owner.uid, someoneElse: uid === owner.uid ? other.uid : owner.uid };
}

/** The owner's link, written by the administrator: hundreds of cells must not use up the owner's quota. */
async function freshFixture(): Promise<Fixture> {
	const url = `https://example.com/matrix/${newCode()}`;
	const code = newCode();
	await createLink(admin.db, code, linkFields(owner.uid, url));
	const fixture = { code, freeCode: newCode(), orphanCode: newCode(), url };
	await Promise.all([
		setDoc(doc(admin.db, "clicks", code, "days", `${DAY}-0`), { day: DAY, people: 3, bots: 1 }),
		setDoc(doc(admin.db, "clickTotals", `${code}-0`), {
			owner: owner.uid,
			code,
			people: 3,
			updatedAt: serverTimestamp(),
		}),
		setDoc(doc(admin.db, "targets", fixture.orphanCode), { url: "https://example.com/matrix/orphan" }),
		setDoc(doc(admin.db, "owners", owner.uid, "deleted", code), { deletedAt: Timestamp.fromMillis(0) }),
	]);
	return fixture;
}

/** Every document a cell can touch, as the administrator sees it. */
async function stateOf({ code, freeCode, orphanCode }: Fixture): Promise<unknown[]> {
	const quotas = [owner, other, anonymous].map((user) => `quotas/${user.uid}`);
	const codes = [code, freeCode, orphanCode];
	const paths = [...codes.flatMap((each) => [`links/${each}`, `targets/${each}`]), ...quotas];
	for (const link of [code, freeCode]) {
		paths.push(`clicks/${link}/days/${DAY}-0`, `clicks/${link}/days/2026-03-02-0`, `clickTotals/${link}-0`);
	}
	paths.push(`owners/${owner.uid}/deleted/${code}`);
	for (const user of [owner, other, anonymous])
		paths.push(`owners/${user.uid}/deleted/${freeCode}`, `owners/${user.uid}/deleted/x`);
	return Promise.all(paths.map(async (path) => (await getDoc(doc(admin.db, path))).data() ?? null));
}

const cells = ROWS.flatMap((row) =>
	CALLERS.map((caller) => {
		const allowed = row.allowed.includes(caller);
		const name = `${row.collection} ${row.operation} (${row.data}) by ${caller}: ${allowed ? "allowed" : "denied"}`;
		return [name, row, caller, allowed] as const;
	}),
);

describe("the rules matrix", () => {
	it("covers every operation by every caller, and lets a signed-out visitor write nothing", () => {
		const operations = new Set(ROWS.map((row) => `${row.collection} ${row.operation}`));
		expect([...operations].sort()).toEqual(
			[
				"clicks create",
				"clicks delete",
				"clicks get",
				"clicks list",
				"clicks sum",
				"clicks update",
				"clickTotals create",
				"clickTotals delete",
				"clickTotals get",
				"clickTotals list",
				"clickTotals update",
				"links count",
				"links create",
				"links delete",
				"links get",
				"links list",
				"links update",
				"targets create",
				"targets delete",
				"targets get",
				"targets list",
				"targets update",
				"quotas get",
				"quotas create",
				"quotas update",
				"quotas delete",
				"tombstones get",
				"tombstones list",
				"tombstones create",
				"tombstones update",
				"tombstones delete",
			].sort(),
		);
		const visitorWrites = ROWS.filter((row) => /create|update|delete/.test(row.operation));
		expect(visitorWrites.filter((row) => row.allowed.includes("signedOut"))).toEqual([]);
		console.log(`rules matrix: ${ROWS.length} operation rows x ${CALLERS.length} callers = ${cells.length} cells`);
	});

	it.each(cells)("%s", async (_, row, caller, allowed) => {
		const fixture = await freshFixture();
		const before = await stateOf(fixture);
		const attempt = row.run(contextFor(caller, fixture));
		if (allowed) {
			await expect(attempt).resolves.not.toThrow();
			return;
		}
		await expect(attempt).rejects.toMatchObject({ code: "permission-denied" });
		expect(await stateOf(fixture)).toEqual(before);
	});
});
