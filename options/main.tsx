import { mountPage } from "../src/ui/mountPage";
import { Options } from "./Options";
import "./options.css";

mountPage(<Options />);
