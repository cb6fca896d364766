/**
 * Errors as Firestore's REST surface reports them. The SDK maps only the HTTP status to its error code
 * (409 becomes "aborted", every 400 becomes "failed-precondition"), so the status must be Google's
 * canonical one for each code; the body's `status` and message are for people reading logs.
 */
const httpStatusOf = {
	INVALID_ARGUMENT: 400,
	FAILED_PRECONDITION: 400,
	UNAUTHENTICATED: 401,
	PERMISSION_DENIED: 403,
	NOT_FOUND: 404,
	ALREADY_EXISTS: 409,
	ABORTED: 409,
	INTERNAL: 500,
	UNIMPLEMENTED: 501,
	UNAVAILABLE: 503,
} as const;

export type StatusName = keyof typeof httpStatusOf;

export interface ErrorBody {
	error: { code: number; message: string; status: StatusName };
}

export class FirestoreError extends Error {
	readonly status: StatusName;

	constructor(status: StatusName, message: string) {
		super(message);
		this.name = "FirestoreError";
		this.status = status;
	}

	get httpStatus(): number {
		return httpStatusOf[this.status];
	}

	toBody(): ErrorBody {
		return { error: { code: this.httpStatus, message: this.message, status: this.status } };
	}
}

export const invalidArgument = (message: string) => new FirestoreError("INVALID_ARGUMENT", message);

export const unimplemented = (what: string) =>
	new FirestoreError("UNIMPLEMENTED", `${what} is not implemented by Shorty's local Firestore server`);
