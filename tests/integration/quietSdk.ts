// Many tests expect the backend to refuse a call; the SDK would log each refusal as an error, burying
// real failures in noise. Test assertions check every refusal instead.
import { setLogLevel } from "firebase/firestore/lite";

setLogLevel("silent");
