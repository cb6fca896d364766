/**
 * A batch of document writes described once, as plain data, so one create can go out through the SDK's
 * batch or, while Auth is still starting in a fresh worker, as the same REST commit sent directly
 * (./restCommit.ts). Both encoders take this description: the writes' content is never spelled twice.
 */
import { doc, type Firestore, increment, serverTimestamp, writeBatch } from "firebase/firestore/lite";

/** The server's commit time, set by the server (the SDK's serverTimestamp()). */
export const SERVER_TIME = { transform: "server-time" } as const;

/** Added to the stored number by the server (the SDK's increment()), so concurrent writers never conflict. */
export interface Increment {
	transform: "increment";
	by: number;
}

export const incrementBy = (by: number): Increment => ({ transform: "increment", by });

/** What the server works out as it commits. */
export type Transform = typeof SERVER_TIME | Increment;
/** The values Shorty's documents hold. */
export type PlainValue = string | boolean | number | null | readonly string[];
export type WriteValue = PlainValue | Transform;

export interface DocumentWrite {
	collection: string;
	id: string;
	/** A field left undefined is not written (an optional field the document does not have). */
	fields: Readonly<Record<string, WriteValue | undefined>>;
	/** Only these fields change, the rest of a stored document stays (the SDK's set with merge). */
	merge: boolean;
}

/** Sends one batch of writes, all or nothing; fails with the SDK's error codes (./refusals.ts reads them). */
export type CommitWrites = (writes: readonly DocumentWrite[]) => Promise<void>;

export const isTransform = (value: WriteValue): value is Transform =>
	typeof value === "object" && value !== null && "transform" in value;

function sdkValue(value: WriteValue): unknown {
	if (!isTransform(value)) return value;
	return value.transform === "server-time" ? serverTimestamp() : increment(value.by);
}

/** The writes as one SDK batch, authorised by Auth's current user. */
export function commitWithSdk(firestore: () => Firestore): CommitWrites {
	return (writes) => {
		const db = firestore();
		const batch = writeBatch(db);
		for (const { collection, id, fields, merge } of writes) {
			const data: Record<string, unknown> = {};
			for (const [name, value] of Object.entries(fields)) if (value !== undefined) data[name] = sdkValue(value);
			batch.set(doc(db, collection, id), data, { merge });
		}
		return batch.commit();
	};
}
