import { useCallback, useMemo, useState } from "react";

/** The rows ticked for a bulk action, by code. */
export function useSelection() {
	const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
	const choose = useCallback((codes: string[], on: boolean) => {
		setSelected((was) => {
			const next = new Set(was);
			for (const code of codes) {
				if (on) next.add(code);
				else next.delete(code);
			}
			return next;
		});
	}, []);
	const clear = useCallback(() => setSelected(new Set()), []);
	return useMemo(() => ({ selected, choose, clear }), [selected, choose, clear]);
}
