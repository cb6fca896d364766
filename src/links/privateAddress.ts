/**
 * Whether an address looks like one only a private network can open: this computer, a home or office
 * network, an intranet name. Shortening publishes the address (targets/{code} is readable by anyone with
 * the code), so the popup asks before it shortens such a page by itself. Pure and name-based: no DNS
 * lookup, so a public name that happens to resolve to a private address is not recognised.
 */

/** Where the address leads: this device, a private network, or a name only a local network resolves. */
export type PrivateAddressKind = "this-device" | "private-network" | "local-name";

/**
 * Suffixes that never resolve in public DNS: RFC 6761's special-use names (.test, .example, .invalid,
 * .localhost is handled apart), mDNS's .local, RFC 8375's home.arpa, .internal (reserved by ICANN for
 * private use), and the names ICANN will never delegate because so many intranets already use them.
 */
const LOCAL_SUFFIXES = [
	"local",
	"localdomain",
	"internal",
	"intranet",
	"private",
	"corp",
	"home",
	"lan",
	"home.arpa",
	"test",
	"example",
	"invalid",
];

interface Ipv4Range {
	/** The first address, as a 32-bit number. */
	start: number;
	bits: number;
	kind: Exclude<PrivateAddressKind, "local-name">;
}

/** IANA's IPv4 special-purpose ranges that are not globally reachable (RFC 6890 and its updates). */
const IPV4_RANGES: Ipv4Range[] = [
	{ start: ipv4(0, 0, 0, 0), bits: 8, kind: "this-device" },
	{ start: ipv4(127, 0, 0, 0), bits: 8, kind: "this-device" },
	{ start: ipv4(10, 0, 0, 0), bits: 8, kind: "private-network" },
	{ start: ipv4(100, 64, 0, 0), bits: 10, kind: "private-network" },
	{ start: ipv4(169, 254, 0, 0), bits: 16, kind: "private-network" },
	{ start: ipv4(172, 16, 0, 0), bits: 12, kind: "private-network" },
	{ start: ipv4(192, 0, 0, 0), bits: 24, kind: "private-network" },
	{ start: ipv4(192, 0, 2, 0), bits: 24, kind: "private-network" },
	{ start: ipv4(192, 168, 0, 0), bits: 16, kind: "private-network" },
	{ start: ipv4(198, 18, 0, 0), bits: 15, kind: "private-network" },
	{ start: ipv4(198, 51, 100, 0), bits: 24, kind: "private-network" },
	{ start: ipv4(203, 0, 113, 0), bits: 24, kind: "private-network" },
	{ start: ipv4(240, 0, 0, 0), bits: 4, kind: "private-network" },
];

interface Ipv6Range {
	/** The prefix's leading 16-bit groups; the rest are zero. */
	groups: number[];
	bits: number;
}

/** IANA's IPv6 special-purpose ranges that are not globally reachable, loopback and unspecified apart. */
const IPV6_PRIVATE_RANGES: Ipv6Range[] = [
	{ groups: [0x64, 0xff9b, 0x1], bits: 48 },
	{ groups: [0x100], bits: 64 },
	{ groups: [0x2001, 0xdb8], bits: 32 },
	{ groups: [0xfc00], bits: 7 },
	{ groups: [0xfe80], bits: 10 },
	// Site-local, deprecated by RFC 3879 but still what some networks use.
	{ groups: [0xfec0], bits: 10 },
];

function ipv4(a: number, b: number, c: number, d: number): number {
	return ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;
}

/**
 * What kind of private address `url` is, or null when it looks public (or is no URL at all). The host is
 * read as the WHATWG URL parser gives it, so every spelling of an IP address (0x7f.1, 2130706433,
 * [::ffff:127.0.0.1]) is classified by the address it means.
 */
export function privateAddressKind(url: string): PrivateAddressKind | null {
	let hostname: string;
	try {
		hostname = new URL(url).hostname;
	} catch {
		return null;
	}
	if (hostname === "") return null;
	if (hostname.startsWith("[")) return ipv6Kind(hostname.slice(1, -1));
	const ipv4Parts = hostname.match(/^(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
	if (ipv4Parts) {
		const [a, b, c, d] = ipv4Parts.slice(1).map(Number) as [number, number, number, number];
		return ipv4Kind(ipv4(a, b, c, d));
	}
	return nameKind(hostname);
}

function ipv4Kind(address: number): PrivateAddressKind | null {
	if (address === 0xffffffff) return "private-network";
	const range = IPV4_RANGES.find(({ start, bits }) => address >>> (32 - bits) === start >>> (32 - bits));
	return range?.kind ?? null;
}

function nameKind(hostname: string): PrivateAddressKind | null {
	// "example.com." is the same name as "example.com", written fully qualified.
	const name = hostname.replace(/\.$/, "");
	if (name === "localhost" || name.endsWith(".localhost")) return "this-device";
	// A name without a dot is completed by the local network's search domains: "intranet", "nas", "router".
	if (!name.includes(".")) return "local-name";
	return LOCAL_SUFFIXES.some((suffix) => name.endsWith(`.${suffix}`)) ? "local-name" : null;
}

/** `text` as the URL parser serialises an IPv6 address: lower-case hex groups, at most one "::". */
function ipv6Kind(text: string): PrivateAddressKind | null {
	const groups = ipv6Groups(text);
	if (groups === null) return null;
	const leadingZeros = groups.slice(0, 7).every((group) => group === 0);
	if (leadingZeros && (groups[7] === 0 || groups[7] === 1)) return "this-device";
	// IPv4-mapped (::ffff:a.b.c.d): the IPv4 address it carries is the one connected to.
	if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
		return ipv4Kind((((groups[6] as number) << 16) | (groups[7] as number)) >>> 0);
	}
	return IPV6_PRIVATE_RANGES.some((range) => inIpv6Range(groups, range)) ? "private-network" : null;
}

function ipv6Groups(text: string): number[] | null {
	const halves = text.split("::");
	if (halves.length > 2) return null;
	const parse = (part: string | undefined) => (part ? part.split(":").map((group) => Number.parseInt(group, 16)) : []);
	const head = parse(halves[0]);
	const tail = parse(halves[1]);
	const missing = 8 - head.length - tail.length;
	if (missing < 0 || (halves.length === 1 && missing !== 0)) return null;
	const groups = [...head, ...Array<number>(missing).fill(0), ...tail];
	return groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : null;
}

function inIpv6Range(groups: number[], { groups: prefix, bits }: Ipv6Range): boolean {
	for (let bit = 0; bit < bits; bit += 16) {
		const width = Math.min(16, bits - bit);
		const index = bit / 16;
		const shift = 16 - width;
		if ((groups[index] as number) >>> shift !== (prefix[index] ?? 0) >>> shift) return false;
	}
	return true;
}
