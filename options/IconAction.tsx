import type { ReactNode } from "react";

export interface IconActionProps {
	/** What the button does, by which focus finds it again after the row re-renders. */
	action: string;
	/** The whole name, with the link or the tag, for screen readers; `title` is the short one shown on hover. */
	name: string;
	title: string;
	danger?: boolean;
	/** For a button that opens an editor in the row. */
	expanded?: boolean;
	opensDialog?: boolean;
	onClick: () => void;
	children: ReactNode;
}

/** A button showing only an icon, as a link's row and a tag's have: its word on hover, its whole name for screen readers. */
export function IconAction({ action, name, title, danger, expanded, opensDialog, onClick, children }: IconActionProps) {
	return (
		<button
			type="button"
			className={danger ? "icon-button icon-button--danger" : "icon-button"}
			data-action={action}
			aria-label={name}
			title={title}
			aria-expanded={expanded}
			aria-haspopup={opensDialog ? "dialog" : undefined}
			onClick={onClick}
		>
			{children}
		</button>
	);
}
