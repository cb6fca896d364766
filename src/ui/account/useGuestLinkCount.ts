import { useLinkCount } from "./useLinkCount";
import { useSession } from "./useSession";

/**
 * How many links the anonymous session has: what signing in or up would do to them. Null while unknown,
 * and when the session is not anonymous (an account's links are safe either way).
 */
export function useGuestLinkCount(): number | null {
	const { session } = useSession();
	return useLinkCount(session?.user?.anonymous ? session.user.uid : null);
}
