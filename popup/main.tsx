import { mountPage } from "../src/ui/mountPage";
import { Popup } from "./Popup";
import "./popup.css";

mountPage(<Popup />);
