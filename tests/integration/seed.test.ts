import { deleteApp, initializeApp } from "firebase/app";
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from "firebase/auth";
import {
	collection,
	connectFirestoreEmulator,
	getAggregate,
	getCount,
	getDocs,
	getFirestore,
	limit,
	orderBy,
	query,
	startAfter,
	sum,
	where,
} from "firebase/firestore/lite";
import { describe, expect, inject, it } from "vitest";
import { DEMO_ACCOUNT, DEMO_LINK_COUNT, seedDemoData } from "../../local/seed";

describe("the demo seed", () => {
	it("gives the demo account 60 links it can page through newest first, once", async () => {
		const hosts = inject("backend");
		expect(await seedDemoData(hosts)).toBe(DEMO_LINK_COUNT);
		expect(await seedDemoData(hosts)).toBe(0);

		const app = initializeApp({ projectId: "demo-shorty", apiKey: "demo-key" }, "seed-reader");
		try {
			const auth = getAuth(app);
			connectAuthEmulator(auth, `http://${hosts.auth}`, { disableWarnings: true });
			const { user } = await signInWithEmailAndPassword(auth, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
			const db = getFirestore(app);
			const [host = "", port = ""] = hosts.firestore.split(":");
			connectFirestoreEmulator(db, host, Number(port));

			const mine = query(collection(db, "links"), where("owner", "==", user.uid), orderBy("createdAt", "desc"));
			expect((await getCount(mine)).data().count).toBe(DEMO_LINK_COUNT);
			const first = await getDocs(query(mine, limit(25)));
			const second = await getDocs(query(mine, startAfter(first.docs.at(-1)), limit(25)));
			const third = await getDocs(query(mine, startAfter(second.docs.at(-1)), limit(25)));
			expect([first.size, second.size, third.size]).toEqual([25, 25, 10]);
			const times = [...first.docs, ...second.docs, ...third.docs].map((link) => link.get("createdAt").toMillis());
			expect(times).toEqual([...times].sort((a, b) => b - a));
			expect(new Set([...first.docs, ...second.docs, ...third.docs].map((link) => link.id)).size).toBe(DEMO_LINK_COUNT);

			// Each link's all-time total, as the owner's mirror reads them, is the sum of its days' people.
			const peopleOfDays: Record<string, number> = {};
			for (const link of [...first.docs, ...second.docs, ...third.docs]) {
				const days = await getAggregate(collection(db, "clicks", link.id, "days"), { people: sum("people") });
				if (days.data().people > 0) peopleOfDays[link.id] = days.data().people;
			}
			const totals = await getDocs(query(collection(db, "clickTotals"), where("owner", "==", user.uid)));
			const peopleOfTotals: Record<string, number> = {};
			for (const total of totals.docs) {
				const code = total.get("code") as string;
				peopleOfTotals[code] = (peopleOfTotals[code] ?? 0) + (total.get("people") as number);
			}
			expect(Object.keys(peopleOfDays).length).toBeGreaterThan(DEMO_LINK_COUNT / 2);
			expect(peopleOfTotals).toEqual(peopleOfDays);
		} finally {
			await deleteApp(app);
		}
	});
});
