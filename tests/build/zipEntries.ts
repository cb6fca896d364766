/**
 * The files of a zip as a store reads them: from the central directory, each stored or deflated (the
 * two methods zip tools use). Enough of the format to check a package, not a general reader: no
 * zip64, no encryption, and it throws on anything else rather than guess.
 */
import { readFileSync } from "node:fs";
import { inflateRawSync } from "node:zlib";

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

/** Every file of the zip at `path`, by its name in the zip ("/"-separated), with its content. */
export function zipEntries(path: string): Map<string, Buffer> {
	const zip = readFileSync(path);
	// The end record is the last 22 bytes, unless a comment follows it.
	let end = zip.length - 22;
	while (end >= 0 && zip.readUInt32LE(end) !== END_OF_DIRECTORY) end--;
	if (end < 0) throw new Error(`${path} is not a zip: no end of central directory`);
	const count = zip.readUInt16LE(end + 10);
	let at = zip.readUInt32LE(end + 16);
	const entries = new Map<string, Buffer>();
	for (let i = 0; i < count; i++) {
		if (zip.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new Error(`${path}: bad central directory entry ${i}`);
		const method = zip.readUInt16LE(at + 10);
		const compressedSize = zip.readUInt32LE(at + 20);
		const nameLength = zip.readUInt16LE(at + 28);
		const extraLength = zip.readUInt16LE(at + 30);
		const commentLength = zip.readUInt16LE(at + 32);
		const localHeader = zip.readUInt32LE(at + 42);
		const name = zip.toString("utf8", at + 46, at + 46 + nameLength);
		at += 46 + nameLength + extraLength + commentLength;
		if (name.endsWith("/")) continue;
		if (zip.readUInt32LE(localHeader) !== LOCAL_HEADER) throw new Error(`${path}: bad local header for ${name}`);
		const dataStart = localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
		const data = zip.subarray(dataStart, dataStart + compressedSize);
		if (method === STORED) entries.set(name, data);
		else if (method === DEFLATED) entries.set(name, inflateRawSync(data));
		else throw new Error(`${path}: ${name} uses compression method ${method}`);
	}
	return entries;
}
