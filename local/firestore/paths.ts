/**
 * Resource names. Inside the server a document is known by its path relative to the database's documents
 * root ("links/abc"), which is what the journal stores and the policy sees; full names
 * ("projects/p/databases/(default)/documents/links/abc") exist only on the wire.
 */
import { invalidArgument } from "./errors";
import { MAX_ID_BYTES, RESERVED_NAME } from "./limits";

export const DEFAULT_DATABASE = "(default)";

const splitPath = (path: string): string[] => (path === "" ? [] : path.split("/"));

export class DatabaseRoot {
	/** "projects/p/databases/(default)/documents" */
	readonly documentsName: string;

	constructor(readonly projectId: string) {
		this.documentsName = `projects/${projectId}/databases/${DEFAULT_DATABASE}/documents`;
	}

	nameOf(path: string): string {
		return `${this.documentsName}/${path}`;
	}

	/** The relative path of a document's full name, checked to be a document in this database. */
	documentPath(name: unknown, where: string): string {
		const path = this.relativePath(name, where);
		if (path === "" || splitPath(path).length % 2 !== 0)
			throw invalidArgument(`${where} "${String(name)}" does not name a document`);
		return path;
	}

	/** The relative path of a query's parent: "" for the root, else a document path. */
	parentPath(name: unknown, where: string): string {
		const path = this.relativePath(name, where);
		if (path !== "" && splitPath(path).length % 2 !== 0)
			throw invalidArgument(`${where} "${String(name)}" is not the documents root or a document`);
		return path;
	}

	private relativePath(name: unknown, where: string): string {
		if (typeof name !== "string") throw invalidArgument(`${where} must be a resource name`);
		if (name === this.documentsName) return "";
		if (!name.startsWith(`${this.documentsName}/`))
			throw invalidArgument(`${where} "${name}" is not in database ${this.documentsName}`);
		const path = name.slice(this.documentsName.length + 1);
		for (const segment of path.split("/")) checkId(segment, `${where} "${name}"`);
		return path;
	}
}

/** Firestore's constraints on a collection or document id, which `where` (the name holding it) breaks. */
export function checkId(id: string, where: string): void {
	if (id === "" || id === "." || id === "..")
		throw invalidArgument(`${where} has an empty or relative path segment ("${id}")`);
	if (RESERVED_NAME.test(id))
		throw invalidArgument(`${where} uses the reserved id "${id}": ids matching __.*__ are reserved`);
	const bytes = Buffer.byteLength(id, "utf8");
	if (bytes > MAX_ID_BYTES)
		throw invalidArgument(`${where} has an id of ${bytes} bytes; ids are at most ${MAX_ID_BYTES} bytes`);
}

export const joinPath = (parent: string, child: string): string => (parent === "" ? child : `${parent}/${child}`);

/** The collection a document path belongs to and the document's id within it. */
export function splitDocumentPath(path: string): { collection: string; id: string } {
	const slash = path.lastIndexOf("/");
	return { collection: path.slice(0, slash), id: path.slice(slash + 1) };
}
