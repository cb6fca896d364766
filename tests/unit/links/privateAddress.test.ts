// @vitest-environment node
import { describe, expect, it } from "vitest";
import { type PrivateAddressKind, privateAddressKind } from "../../../src/links/privateAddress";

/** Each address with the kind it should get; null means it looks public. */
function expectKinds(cases: Record<string, PrivateAddressKind | null>) {
	const got = Object.fromEntries(Object.keys(cases).map((url) => [url, privateAddressKind(url)]));
	expect(got).toEqual(cases);
}

describe("privateAddressKind: this device", () => {
	it("localhost, its subdomains and a fully qualified localhost", () => {
		expectKinds({
			"http://localhost:3000/": "this-device",
			"http://LOCALHOST/admin": "this-device",
			"http://app.localhost/": "this-device",
			"http://localhost./": "this-device",
		});
	});

	it("the whole of 127.0.0.0/8 and 0.0.0.0/8, in every spelling the URL parser reads as one", () => {
		expectKinds({
			"http://127.0.0.1:8080/": "this-device",
			"http://127.255.255.254/": "this-device",
			"http://0x7f.1/": "this-device",
			"http://2130706433/": "this-device",
			"http://0177.0.0.1/": "this-device",
			"http://0.0.0.0/": "this-device",
		});
	});

	it("IPv6 loopback and unspecified, and IPv4 loopback mapped into IPv6", () => {
		expectKinds({
			"http://[::1]:8080/": "this-device",
			"http://[0:0:0:0:0:0:0:1]/": "this-device",
			"http://[::]/": "this-device",
			"http://[::ffff:127.0.0.1]/": "this-device",
		});
	});
});

describe("privateAddressKind: private networks", () => {
	it("RFC 1918 ranges, up to their edges and not past them", () => {
		expectKinds({
			"http://10.0.0.1/": "private-network",
			"http://10.255.255.255/": "private-network",
			"http://172.16.0.1/": "private-network",
			"http://172.31.255.255/": "private-network",
			"http://172.15.255.255/": null,
			"http://172.32.0.0/": null,
			"http://192.168.1.20/router": "private-network",
			"http://192.169.0.1/": null,
			"http://11.0.0.1/": null,
		});
	});

	it("link-local, carrier-grade NAT and IANA's other ranges that are not globally reachable", () => {
		expectKinds({
			"http://169.254.169.254/latest/meta-data": "private-network",
			"http://100.64.0.1/": "private-network",
			"http://100.127.255.255/": "private-network",
			"http://100.128.0.0/": null,
			"http://198.18.0.1/": "private-network",
			"http://198.19.255.255/": "private-network",
			"http://198.20.0.0/": null,
			"http://192.0.2.10/": "private-network",
			"http://198.51.100.7/": "private-network",
			"http://203.0.113.9/": "private-network",
			"http://240.0.0.1/": "private-network",
			"http://255.255.255.255/": "private-network",
		});
	});

	it("IPv6 unique-local, link-local, site-local, documentation, and private IPv4 mapped into IPv6", () => {
		expectKinds({
			"http://[fd12:3456:789a::1]/": "private-network",
			"http://[fc00::1]/": "private-network",
			"http://[fe80::1]/": "private-network",
			"http://[febf:ffff::1]/": "private-network",
			"http://[fec0::1]/": "private-network",
			"http://[2001:db8::1]/": "private-network",
			"http://[64:ff9b:1::a00:1]/": "private-network",
			"http://[100::1]/": "private-network",
			"http://[::ffff:192.168.0.1]/": "private-network",
			"http://[::ffff:10.1.2.3]/": "private-network",
		});
	});
});

describe("privateAddressKind: names only a local network knows", () => {
	it("single-label names, with or without a port or a trailing dot", () => {
		expectKinds({
			"http://intranet/": "local-name",
			"https://wiki/Home": "local-name",
			"http://nas:5000/": "local-name",
			"http://router./": "local-name",
			"https://mylocal/": "local-name",
		});
	});

	it("private-use and special-use suffixes", () => {
		expectKinds({
			"http://printer.local/": "local-name",
			"http://build.corp/": "local-name",
			"https://jira.example.internal/": "local-name",
			"http://portal.intranet/": "local-name",
			"http://nas.lan/": "local-name",
			"http://tv.home/": "local-name",
			"http://tv.home.arpa/": "local-name",
			"http://host.localdomain/": "local-name",
			"http://vault.private/": "local-name",
			"http://myapp.test/": "local-name",
			"http://docs.example/": "local-name",
			"http://nothing.invalid/": "local-name",
			"http://PRINTER.LOCAL./": "local-name",
		});
	});
});

describe("privateAddressKind: public addresses", () => {
	it("ordinary names, including ones that merely contain a private word", () => {
		expectKinds({
			"https://example.com/": null,
			"https://www.example.com/a?b=c": null,
			"https://local.example.com/": null,
			"https://localhost.example.com/": null,
			"https://corp.example.com/": null,
			"https://intranet.com/": null,
			"https://shorty.test.example.com/": null,
			"https://xn--pypal-4ve.com/": null,
			"https://bücher.de/": null,
		});
	});

	it("public IPv4 and IPv6 addresses", () => {
		expectKinds({
			"http://8.8.8.8/": null,
			"http://1.1.1.1/": null,
			"http://[2606:4700:4700::1111]/": null,
			"http://[2001:4860:4860::8888]/": null,
			"http://[::ffff:8.8.8.8]/": null,
		});
	});

	it("answers null for anything that is not a URL with a host", () => {
		expectKinds({
			"": null,
			"not a url": null,
			"file:///etc/passwd": null,
		});
	});
});
