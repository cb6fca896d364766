/** Real Firebase SDK clients (Auth + Firestore lite) connected to the suite's backend. */
import { deleteApp, type FirebaseApp, initializeApp } from "firebase/app";
import {
	connectAuthEmulator,
	EmailAuthProvider,
	getAuth,
	linkWithCredential,
	signInAnonymously,
	signInWithEmailAndPassword,
} from "firebase/auth";
import { connectFirestoreEmulator, type Firestore, getFirestore } from "firebase/firestore/lite";
import { inject } from "vitest";

export interface Client {
	db: Firestore;
	/** The signed-in user's id; null for a signed-out client. */
	uid: string | null;
	close(): Promise<void>;
}

let apps = 0;

function connect(app: FirebaseApp, firestore = inject("backend").firestore): Firestore {
	const [host = "", port = ""] = firestore.split(":");
	const db = getFirestore(app);
	connectFirestoreEmulator(db, host, Number(port));
	return db;
}

function newApp(): FirebaseApp {
	apps += 1;
	return initializeApp({ projectId: "demo-shorty", apiKey: "demo-key" }, `client-${apps}-${Date.now()}`);
}

/**
 * The emulator's administrator ("Bearer owner"), which passes the rules as the Admin SDK does: to write
 * what only a server writes (visit counts) and to check what a write did.
 */
export function administrator(): Client {
	const app = newApp();
	const db = getFirestore(app);
	const [host = "", port = ""] = inject("backend").firestore.split(":");
	connectFirestoreEmulator(db, host, Number(port), { mockUserToken: "owner" });
	return { db, uid: null, close: () => deleteApp(app) };
}

/** A visitor with no account: what the public redirect page is. */
export function signedOut(): Client {
	const app = newApp();
	return { db: connect(app), uid: null, close: () => deleteApp(app) };
}

const ACCOUNT_PASSWORD = "account-password";

function newAuthApp() {
	const app = newApp();
	const auth = getAuth(app);
	connectAuthEmulator(auth, `http://${inject("backend").auth}`, { disableWarnings: true });
	return { app, auth };
}

/** A fresh anonymous account on the Auth emulator, as the extension's first run creates. */
export async function newUser(): Promise<Client & { uid: string }> {
	const { app, auth } = newAuthApp();
	const { user } = await signInAnonymously(auth);
	return { db: connect(app), uid: user.uid, close: () => deleteApp(app) };
}

/**
 * The account of newAccount() signed in on another client: the same user's other browser, its Firestore
 * requests sent to `firestore` (a proxy's host) when given.
 */
export async function signedInElsewhere(email: string, firestore?: string): Promise<Client & { uid: string }> {
	const { app, auth } = newAuthApp();
	const { user } = await signInWithEmailAndPassword(auth, email, ACCOUNT_PASSWORD);
	return { db: connect(app, firestore), uid: user.uid, close: () => deleteApp(app) };
}

/**
 * A fresh email account: an anonymous session turned into an account, as signing up in the extension does.
 * The rules let it make more links an hour than an anonymous session.
 */
export async function newAccount(): Promise<Client & { uid: string; email: string }> {
	const client = await newUser();
	const auth = getAuth(client.db.app);
	if (!auth.currentUser) throw new Error("newUser() returned no signed-in user");
	const email = `account-${client.uid.slice(0, 12).toLowerCase()}-${Date.now()}@shorty.test`;
	const { user } = await linkWithCredential(auth.currentUser, EmailAuthProvider.credential(email, ACCOUNT_PASSWORD));
	if (user.isAnonymous) throw new Error("the account is still anonymous");
	return { ...client, email };
}
