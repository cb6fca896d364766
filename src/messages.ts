/**
 * The typed protocol between the pages (popup, options) and the background service worker.
 * `requestShapes` is the single source of truth for what each request carries: the background checks
 * every incoming message against it, and the request types are derived from it, so the check and the
 * types cannot drift apart. `Replies` names the data each successful reply carries.
 */
import { type AppError, appError, isErrorCode, toAppError } from "./errors";
import type { LinkAnalytics } from "./links/dayCounts";
import type { LinkSearchResult } from "./links/linkSearch";
import type { TagCount } from "./links/tags";
import type { Link, LinkPage, LinksChange } from "./links/types";
import { settledWithin } from "./timeLimit";

type FieldKind = "string" | "number" | "boolean" | "string[]";
type Shape = Record<string, FieldKind | `${FieldKind}?`>;

const requestShapes = {
	ping: {},
	session: {},
	signUp: { email: "string", password: "string" },
	signIn: { email: "string", password: "string" },
	signOut: {},
	resetPassword: { email: "string" },
	// allowAnonymous: after signing out, the user chose to go on without an account, so nobody signed in is
	// no reason to refuse (signed-out-by-user); an anonymous session is started.
	shorten: { url: "string", title: "string?", alias: "string?", allowAnonymous: "boolean?" },
	suggestAliases: { alias: "string", url: "string", title: "string?" },
	getLink: { code: "string" },
	listLinks: { pageSize: "number", after: "string?", before: "string?" },
	// Answered from the worker's mirror of the user's links, so any page is as cheap as the first: pages by number.
	searchLinks: {
		term: "string",
		sort: "string?",
		filter: "string?",
		tag: "string?",
		pageSize: "number",
		page: "number?",
	},
	syncLinks: {},
	recentLinks: { count: "number" },
	// Tags are private to their owner and checked by src/links/tags.ts (and the rules) before anything is written.
	setTags: { code: "string", tags: "string[]" },
	listTags: {},
	renameTag: { from: "string", to: "string" },
	deleteTag: { tag: "string" },
	updateLink: { code: "string", url: "string" },
	deleteLinks: { codes: "string[]" },
	clickTotals: { codes: "string[]" },
	linkAnalytics: { code: "string", days: "number" },
	getSettings: {},
	setSettings: { autoCopy: "boolean?", shortenOnOpen: "boolean?" },
} as const satisfies Record<keyof Replies, Shape>;

export interface Session {
	/** Null when nobody is signed in; an anonymous user has links but no email. */
	user: { uid: string; email: string | null; anonymous: boolean } | null;
}

export interface Settings {
	/** Copy the short link to the clipboard as soon as it exists. */
	autoCopy: boolean;
	/** Shorten the current tab as soon as the popup opens. */
	shortenOnOpen: boolean;
}

/** A page of a search over the user's links, from the worker's copy of them. */
export interface FoundLinks extends LinkSearchResult {
	/**
	 * False while the worker is still fetching the user's links for the first time in this browser: the
	 * answer covers only those that have arrived, and links-changed events follow as more do.
	 */
	complete: boolean;
	/** How many of the user's links the worker holds: while not complete, how far the first fetch has come. */
	held: number;
	/**
	 * People who followed each of the page's links, by code, as the worker holds them (synced with the links).
	 * A link without an entry was never followed, or, while not complete, its total has not arrived yet.
	 */
	clicks: Record<string, number>;
}

export interface Replies {
	ping: { version: string; startedAt: number };
	session: Session;
	signUp: Session;
	signIn: Session;
	signOut: Session;
	resetPassword: { email: string };
	shorten: Link;
	/** Up to three free aliases close to a taken one, each checked free just before the answer. */
	suggestAliases: { aliases: string[] };
	getLink: Link;
	listLinks: LinkPage;
	searchLinks: FoundLinks;
	/** Whether the worker now holds every link of the user's (false while a first sync is still under way). */
	syncLinks: { complete: boolean };
	/** The user's newest links, newest first: from the worker's copy once it holds them all, else Firestore. */
	recentLinks: { links: Link[] };
	/** The link with its tags as saved: tidied, duplicates folded (src/links/tags.ts checkTags). */
	setTags: Link;
	/** Every tag of the user's and how many links have it, by name; `complete` as in searchLinks. */
	listTags: { tags: TagCount[]; complete: boolean };
	/** How many links the tag was renamed on (merged into `to` where a link had both). */
	renameTag: { changed: number };
	/** How many links the tag was taken off; the links stay. */
	deleteTag: { changed: number };
	updateLink: Link;
	/** The codes that were deleted: those of the request that were still the user's links. */
	deleteLinks: { codes: string[] };
	/** People who followed each link, by code; a code that is not (or no longer) the user's link is absent. */
	clickTotals: { totals: Record<string, number> };
	/** One link's visits over the last 30 or 90 days. */
	linkAnalytics: LinkAnalytics;
	getSettings: Settings;
	setSettings: Settings;
}

type Shapes = typeof requestShapes;
export type MessageType = keyof Shapes & keyof Replies;

type KindType<K> = K extends `string[]${string}`
	? string[]
	: K extends `string${string}`
		? string
		: K extends `number${string}`
			? number
			: boolean;
type FromShape<S> = { [K in keyof S as S[K] extends `${string}?` ? never : K]: KindType<S[K]> } & {
	[K in keyof S as S[K] extends `${string}?` ? K : never]?: KindType<S[K]>;
};

export type RequestOf<T extends MessageType> = { type: T } & FromShape<Shapes[T]>;
export type AnyRequest = { [T in MessageType]: RequestOf<T> }[MessageType];
export type Failure = { ok: false; error: AppError };
export type Reply<T extends MessageType> = { ok: true; data: Replies[T] } | Failure;

export type Handlers = {
	[T in MessageType]: (request: RequestOf<T>) => Replies[T] | Promise<Replies[T]>;
};

/** A typed call from a page to the background. It never throws: every failure is a Failure value. */
export type BackgroundCall = <T extends MessageType>(request: RequestOf<T>) => Promise<Reply<T>>;

/** What the background announces to every open page. */
export type BackgroundEvent = { type: "session-changed"; session: Session } | ({ type: "links-changed" } & LinksChange);

/**
 * Pages receive every runtime message, requests from other pages included; only these shapes are events.
 * Checked by shape, since a page must never act on a message it misreads.
 */
export function isBackgroundEvent(message: unknown): message is BackgroundEvent {
	if (!isObject(message)) return false;
	if (message.type === "session-changed") return isObject(message.session) && "user" in message.session;
	return (
		message.type === "links-changed" &&
		(message.kind === "created" || message.kind === "updated" || message.kind === "deleted") &&
		isStringList(message.codes)
	);
}

/**
 * The background's request to its offscreen clipboard document, answered with { copied }. `target` keeps
 * it apart from the protocol above: every extension page receives every runtime message.
 */
export interface OffscreenCopy {
	target: "offscreen";
	type: "copy";
	text: string;
}

/**
 * Chrome's offscreen clipboard document, from the extension's root: the build makes it, the worker opens it.
 */
export const OFFSCREEN_DOCUMENT = "offscreen/index.html";

/**
 * The clipboard document's address parameter: how many milliseconds after its last copy (or its opening)
 * it closes itself. Opened without it, as a tab, it never does.
 */
export const CLOSE_AFTER_PARAMETER = "closeAfterMs";

export function isOffscreenCopy(message: unknown): message is OffscreenCopy {
	return (
		isObject(message) && message.target === "offscreen" && message.type === "copy" && typeof message.text === "string"
	);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
const isStringList = (value: unknown): value is string[] =>
	Array.isArray(value) && value.every((item) => typeof item === "string");

function fitsKind(value: unknown, kind: string): boolean {
	return kind === "string[]" ? isStringList(value) : typeof value === kind;
}

/** Why `message` does not fit its type's shape, or null when it does. */
function shapeProblem(message: Record<string, unknown>, shape: Shape): string | null {
	for (const key of Object.keys(message)) {
		if (key !== "type" && !Object.hasOwn(shape, key)) return `unexpected field "${key}"`;
	}
	for (const [key, kind] of Object.entries(shape)) {
		const optional = kind.endsWith("?");
		const value = message[key];
		if (value === undefined && optional) continue;
		const base = kind.replace("?", "");
		if (!fitsKind(value, base)) return `"${key}" must be ${base === "string[]" ? "a list of strings" : `a ${base}`}`;
	}
	return null;
}

/**
 * The background side. Messages whose type is not in the protocol get no answer (undefined), so another
 * listener, such as the offscreen clipboard document, can answer them: Chrome delivers every runtime
 * message to every extension page and keeps only the first reply. A message of a known type with the
 * wrong fields is answered with invalid-request and never reaches its handler.
 */
export function createMessageHandler(
	handlers: Handlers,
): (message: unknown) => Promise<Reply<MessageType>> | undefined {
	return (message) => {
		if (!isObject(message) || typeof message.type !== "string" || !Object.hasOwn(handlers, message.type)) {
			return undefined;
		}
		const type = message.type as MessageType;
		const problem = shapeProblem(message, requestShapes[type]);
		if (problem) return Promise.resolve({ ok: false, error: appError("invalid-request", problem) });
		const handler = handlers[type] as (request: AnyRequest) => Promise<Replies[MessageType]>;
		return (async (): Promise<Reply<MessageType>> => {
			try {
				return { ok: true, data: await handler(message as AnyRequest) };
			} catch (error) {
				return { ok: false, error: toAppError(error) };
			}
		})();
	};
}

/** Only the two shapes a handler produces count as replies; anything else means no usable answer. */
function isReply(value: unknown): value is Reply<MessageType> {
	if (!isObject(value)) return false;
	if (value.ok === true) return "data" in value;
	return (
		value.ok === false &&
		isObject(value.error) &&
		isErrorCode(value.error.code) &&
		(value.error.detail === undefined || typeof value.error.detail === "string")
	);
}

/**
 * How long every caller waits for the background before saying so: one figure, not a parameter, because
 * the timeout's message names it (src/i18n/errorText.ts).
 */
export const REQUEST_TIMEOUT_MS = 10_000;

/**
 * The page side, over any transport, where every request gets its time limit (withinTimeLimit, which the
 * popup's own read of the settings takes too): a worker or backend that never answers must not leave a
 * page (or a menu click) waiting for ever. A rejected send means the worker could not be reached (not
 * installed, crashed, or killed mid-request: Chrome closes the message port); an empty or malformed reply
 * means nobody answered usefully. Both surface as one code so the UI can offer a retry; so does a request
 * that got no answer within REQUEST_TIMEOUT_MS, whose late answer is dropped. Retrying is safe: the
 * background treats a repeated shorten as the same one (one link), and every other request either reads
 * or sets a value.
 */
export function createClient(send: (request: AnyRequest) => Promise<unknown>): BackgroundCall {
	const answer = async <T extends MessageType>(request: RequestOf<T>): Promise<Reply<T>> => {
		let reply: unknown;
		try {
			reply = await send(request as AnyRequest);
		} catch (error) {
			return {
				ok: false,
				error: appError("background-unavailable", error instanceof Error ? error.message : undefined),
			};
		}
		if (!isReply(reply)) return { ok: false, error: appError("background-unavailable", "no usable reply") };
		return reply as Reply<T>;
	};
	return <T extends MessageType>(request: RequestOf<T>) => withinTimeLimit(answer(request));
}

/** `reply`, or the timeout's failure once REQUEST_TIMEOUT_MS have passed without it (its late answer dropped). */
export function withinTimeLimit<T extends MessageType>(reply: Promise<Reply<T>>): Promise<Reply<T>> {
	return settledWithin<Reply<T>>(reply, REQUEST_TIMEOUT_MS, () => ({ ok: false, error: appError("timeout") }));
}
