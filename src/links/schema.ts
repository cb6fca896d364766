/**
 * The shape of Shorty's Firestore documents and the limits on them, stated once. The link store, the
 * redirect page, the seed and the local policy (local/policy.ts) read them from here; firestore.rules
 * cannot import, so it spells them out again, and tests/unit/links/schema.test.ts fails when it spells
 * them otherwise. Plain data: no Firebase or browser API, so every part of the project may import it.
 *
 * links/{code}   private to its owner
 * targets/{code} public, only what the redirect page needs
 * The two are created, edited and deleted together in one batch.
 * clicks/{code}/days/{yyyy-mm-dd}-{shard}  a link's visits, written by the Cloud Function alone (Admin
 *                SDK); its owner reads and deletes them.
 * clickTotals/{code}-{shard}  people who followed a link, ever, one shard's share: written by the Cloud
 *                Function in the commit that counts the day, so the sum over a link's shards is the sum over
 *                its days. Top-level and carrying `owner`, so a mirror syncs them as it syncs the links.
 * owners/{uid}/deleted/{code}  a tombstone: when the owner deleted that link, written by the delete's batch,
 *                so a mirror of the links (./mirror/) learns of deletions, which leave nothing to query.
 */

export const LINKS = "links";
export const TARGETS = "targets";
export const CLICKS = "clicks";
/** The subcollection of clicks/{code} that holds the day documents. */
export const DAYS = "days";
/** The day documents' field their TTL policy reads (firestore.indexes.json's fieldOverrides). */
export const DAY_EXPIRY_FIELD = "expireAt" satisfies keyof DayCountsDocument;

/**
 * A link's all-time people, split over shards as its day documents are (the same shard, in the same commit):
 * one document per link per shard, however many days it was followed on. A mirror of the owner's links
 * (./mirror/) reads these to sort and filter by clicks, never the day documents, whose number grows with
 * every day a link is followed.
 */
export const CLICK_TOTALS = "clickTotals";

export interface ClickTotalDocument<Time> {
	/** The link's owner, copied from links/{code}: the owner's query (owner, updatedAt) and the rules read it. */
	owner: string;
	code: string;
	/** People counted in this shard, ever; an integer. */
	people: number;
	/** The last count's commit time: the mirror's sync cursor orders by it. */
	updatedAt: Time;
}

export type ClickTotalField = keyof ClickTotalDocument<unknown>;

const CLICK_TOTAL_FIELD_RECORD: Record<ClickTotalField, true> = {
	owner: true,
	code: true,
	people: true,
	updatedAt: true,
};

export const CLICK_TOTAL_FIELDS = Object.keys(CLICK_TOTAL_FIELD_RECORD) as readonly ClickTotalField[];

/** The document of `code`'s total in `shard`: the shard is a number, so the last "-" splits the two. */
export const clickTotalId = (code: string, shard: number) => `${code}-${shard}`;

export const DEVICE_CLASSES = ["desktop", "mobile", "tablet"] as const;
export const BROWSER_CLASSES = ["chrome", "edge", "firefox", "safari", "opera", "samsung", "other"] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];
export type BrowserClass = (typeof BROWSER_CLASSES)[number];

/**
 * One shard of one UTC day's visits to a link. A day's figures are the sums over its shards; a count
 * that never occurred is absent. The maps count people only. Nothing identifies a visitor.
 */
export interface DayCountsDocument {
	/** "yyyy-mm-dd", UTC. */
	day: string;
	/**
	 * When Firestore's TTL policy may delete it (DAY_EXPIRY_FIELD; dayExpiresAt in ./dayCounts.ts): a Date as
	 * the function writes it, a Timestamp as a reader gets it. Days counted before 2026-11-30 have none.
	 */
	expireAt?: Date | { toDate(): Date };
	people?: number;
	bots?: number;
	prefetches?: number;
	/** The Referer's host, lower case, without scheme, path or port; a visit with no Referer has no entry. */
	referrers?: Record<string, number>;
	devices?: Partial<Record<DeviceClass, number>>;
	browsers?: Partial<Record<BrowserClass, number>>;
}

/** A link document; `Time` is how the reader's SDK spells a timestamp. */
export interface LinkDocument<Time> {
	url: string;
	host: string;
	owner: string;
	title: string;
	createdAt: Time;
	updatedAt: Time;
	custom: boolean;
	urlHash: string;
	/** The owner's labels (./tags.ts), 1 to MAX_TAGS_PER_LINK; absent on a link never tagged or untagged. */
	tags?: string[];
}

export interface TargetDocument {
	url: string;
}

export type LinkField = keyof LinkDocument<unknown>;
export type TargetField = keyof TargetDocument;

/** Whether LinkDocument makes a field optional, which the record below must then say. */
type Presence<K extends LinkField> = object extends Pick<LinkDocument<unknown>, K> ? "optional" : "required";

/**
 * A record rather than a list, so the compiler refuses a field of LinkDocument missing here, one too many,
 * or one whose presence differs from the interface's.
 */
const LINK_FIELD_RECORD: { [K in LinkField]-?: Presence<K> } = {
	url: "required",
	host: "required",
	owner: "required",
	title: "required",
	createdAt: "required",
	updatedAt: "required",
	custom: "required",
	urlHash: "required",
	tags: "optional",
};

/** Every field a link may have: the rules' hasOnly in validNewLink. */
export const LINK_FIELDS = Object.keys(LINK_FIELD_RECORD) as readonly LinkField[];

/** The fields every link has: the rules' hasAll in validNewLink. */
export const REQUIRED_LINK_FIELDS = LINK_FIELDS.filter((field) => LINK_FIELD_RECORD[field] === "required");

/** What the owner may change (isOwnerEdit): never who owns it, when it was made or its kind. */
export const EDITABLE_FIELDS: readonly LinkField[] = ["url", "host", "title", "updatedAt", "urlHash", "tags"];

export const TARGET_FIELDS: readonly TargetField[] = ["url"];

/**
 * Lengths as firestore.rules' size() counts them. Whether size() counts code points or UTF-16 units is
 * not documented: URLs and hosts are ASCII (URL_PATTERN), where the two agree, and titles are cut to
 * MAX_TITLE_LENGTH UTF-16 units, which is never more code points.
 */
export const MAX_URL_LENGTH = 2048;
/** DNS's own limit for a name; the host keeps a non-default port, so a port counts too. */
export const MAX_HOST_LENGTH = 253;
export const MAX_TITLE_LENGTH = 500;
export const MIN_CODE_LENGTH = 3;
export const MAX_CODE_LENGTH = 64;

/*
 * The patterns are RE2 source for the rules and JavaScript source for everyone else, so they use only
 * what both engines read alike: anchors, literal characters, classes of ASCII ranges, groups and
 * counted repeats (no \s, \w, \d or "."; JavaScript's differ from RE2's outside ASCII).
 */

/** A document id in links/ and targets/: generated codes are 7 base62 characters, aliases 3-64 of these. */
export const CODE_PATTERN = `^[A-Za-z0-9_-]{${MIN_CODE_LENGTH},${MAX_CODE_LENGTH}}$`;

/** Lower-case hex SHA-256 (src/links/urlHash.ts). */
export const URL_HASH_PATTERN = "^[0-9a-f]{64}$";

/**
 * A host as the URL parser leaves an http(s) address's: lower-case labels of ASCII letters, digits, "-"
 * and "_" (an IDN is punycode by then) with an optional root dot, or a bracketed IPv6 address; then a
 * numeric port, if not the default one. Not anchored: URL_PATTERN embeds it.
 */
export const HOST_PATTERN = "(?:(?:[a-z0-9_-]+\\.)*[a-z0-9_-]+\\.?|\\[[0-9a-f:.]+\\])(?::[0-9]{1,5})?";

/**
 * An http(s) address as the URL parser serializes it: a host, then a path that always starts with "/"
 * and, like the query and fragment, holds printable ASCII only (the parser percent-encodes everything
 * else). That leaves out whitespace, controls, line separators and invisible characters, an empty host
 * ("https:///x") and a scheme name posing as a host with a port ("http://javascript:alert(1)").
 */
export const URL_PATTERN = `^https?://${HOST_PATTERN}/[!-~]*$`;

/** The stored `host` field: URL.host of the stored URL. */
export const HOST_FIELD_PATTERN = `^${HOST_PATTERN}$`;

/*
 * Tags a user puts on links (src/links/tags.ts checks them; firestore.rules validTags enforces the same
 * limits on links/{code}.tags).
 */

/** Enough to file a link under a topic, a project and a status, few enough to show in a table row. */
export const MAX_TAGS_PER_LINK = 10;
/** In UTF-16 units, as MAX_TITLE_LENGTH: never more code points, however the rules' size() counts. */
export const MAX_TAG_LENGTH = 32;

/**
 * A tag's characters, as the inside of a class for a pattern to embed: letters and digits of any
 * script, the marks some scripts write their vowels with (Devanagari, Thai), space, "-", "_" and ".".
 * Unicode classes, unlike the patterns above: RE2 reads \p{L} as JavaScript does with the "u" flag,
 * which every JavaScript reader of these must pass.
 */
export const TAG_CHARACTERS = "\\p{L}\\p{M}\\p{N} ._-";
export const TAG_PATTERN = `^[${TAG_CHARACTERS}]+$`;

/** Joins a link's tags for the rules' one-pattern check: no tag may hold it (TAG_CHARACTERS). */
export const TAG_SEPARATOR = ",";

/**
 * A link's tags joined with TAG_SEPARATOR: 1 to MAX_TAGS_PER_LINK tags, none empty. The rules language has
 * no loops, so this one pattern stands for "each tag matches TAG_PATTERN". Its counted repeat counts code
 * points (RE2, and JavaScript with the "u" flag), so it caps a tag at MAX_TAG_LENGTH code points: never
 * stricter than checkTag's UTF-16 units, so whatever the client accepts, the rules do.
 */
const ONE_TAG = `[${TAG_CHARACTERS}]{1,${MAX_TAG_LENGTH}}`;
export const TAG_LIST_PATTERN = `^${ONE_TAG}(?:${TAG_SEPARATOR}${ONE_TAG}){0,${MAX_TAGS_PER_LINK - 1}}$`;

/*
 * How many links one user may create (firestore.rules: creationLimit, isNextCount, isNewWindow). A new link
 * is refused unless the batch that creates it also counts it in quotas/{uid}.
 */

export const QUOTAS = "quotas";

/** quotas/{uid}: the owner's count of new links in the window that started at `windowStart`. */
export interface QuotaDocument<Time> {
	windowStart: Time;
	/** Links created since windowStart, this one included; an integer. */
	created: number;
	/** The link the last count paid for, written at `lastAt`: the rules let one count buy one link, once. */
	lastCode: string;
	lastAt: Time;
}

export type QuotaField = keyof QuotaDocument<unknown>;

const QUOTA_FIELD_RECORD: Record<QuotaField, true> = { windowStart: true, created: true, lastCode: true, lastAt: true };

export const QUOTA_FIELDS = Object.keys(QUOTA_FIELD_RECORD) as readonly QuotaField[];

/** The window a quota counts in, in hours (the rules' duration.value(1, 'h')). */
export const CREATION_WINDOW_HOURS = 1;

/**
 * New links per window. An anonymous session costs an attacker one request to make, so it gets what a
 * person shortening by hand could use (one a minute for an hour); an account has an email behind it and
 * gets five times as much, for a heavy session such as preparing a newsletter's links.
 */
export const CREATION_LIMITS = { anonymous: 60, account: 300 } as const;

/*
 * Tombstones (firestore.rules: match /owners/{uid}/deleted/{code}, validTombstone). Creations and edits are
 * found by `owner ==, updatedAt >` a cursor; a deleted link leaves nothing to find, so the batch that
 * deletes it also writes owners/{uid}/deleted/{code}. A code deleted again overwrites its tombstone.
 */

export const OWNERS = "owners";
/** The subcollection of owners/{uid} that holds the tombstones. */
export const DELETED = "deleted";

export interface TombstoneDocument<Time> {
	/** The delete's commit time (request.time): the sync cursor orders tombstones by it. */
	deletedAt: Time;
}

export type TombstoneField = keyof TombstoneDocument<unknown>;

const TOMBSTONE_FIELD_RECORD: Record<TombstoneField, true> = { deletedAt: true };

export const TOMBSTONE_FIELDS = Object.keys(TOMBSTONE_FIELD_RECORD) as readonly TombstoneField[];
