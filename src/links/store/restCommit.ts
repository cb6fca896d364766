/**
 * The create's commit sent over REST with the caller's token (./rest.ts). The request is the one
 * firebase/firestore/lite sends for the same batch: a set is `update` plus `updateTransforms`, a merge adds
 * an `updateMask` of its plain fields.
 */
import { callRest, documentsRoot, type RestTarget } from "./rest";
import { type DocumentWrite, isTransform, type PlainValue } from "./writes";

type RestValue =
	| { stringValue: string }
	| { booleanValue: boolean }
	| { integerValue: string }
	| { doubleValue: number }
	| { nullValue: "NULL_VALUE" }
	| { arrayValue: { values: RestValue[] } };

function restValue(value: PlainValue): RestValue {
	if (value === null) return { nullValue: "NULL_VALUE" };
	if (typeof value === "string") return { stringValue: value };
	if (typeof value === "boolean") return { booleanValue: value };
	if (typeof value === "number")
		return Number.isSafeInteger(value) ? { integerValue: String(value) } : { doubleValue: value };
	return { arrayValue: { values: value.map((item) => ({ stringValue: item })) } };
}

function restWrite(documents: string, { collection, id, fields, merge }: DocumentWrite) {
	const plain: Record<string, RestValue> = {};
	const updateTransforms: object[] = [];
	for (const [fieldPath, value] of Object.entries(fields)) {
		if (value === undefined) continue;
		if (!isTransform(value)) plain[fieldPath] = restValue(value);
		else if (value.transform === "server-time") updateTransforms.push({ fieldPath, setToServerValue: "REQUEST_TIME" });
		else updateTransforms.push({ fieldPath, increment: restValue(value.by) });
	}
	return {
		update: { name: `${documents}/${collection}/${id}`, fields: plain },
		// Shorty's field names are plain identifiers, which a field path needs no quoting for.
		...(merge ? { updateMask: { fieldPaths: Object.keys(plain).sort() } } : {}),
		...(updateTransforms.length > 0 ? { updateTransforms } : {}),
	};
}

/** The commit's body, as the SDK would send it. */
function restCommitBody(projectId: string, writes: readonly DocumentWrite[]) {
	return { writes: writes.map((write) => restWrite(documentsRoot(projectId), write)) };
}

/** Sends the writes as one commit; a refusal or a failed fetch throws a RestError. */
export async function commitOverRest(target: RestTarget, writes: readonly DocumentWrite[]): Promise<void> {
	await callRest(target, "commit", restCommitBody(target.projectId, writes));
}
