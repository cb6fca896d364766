import type { ReactNode } from "react";

/** A 16 px line icon in the text colour. Decorative: the button around it carries the name. */
function Icon({ children }: { children: ReactNode }) {
	return (
		<svg
			className="icon"
			width="16"
			height="16"
			viewBox="0 0 16 16"
			fill="none"
			stroke="currentColor"
			strokeWidth="1.5"
			strokeLinecap="round"
			strokeLinejoin="round"
			aria-hidden="true"
			focusable="false"
		>
			{children}
		</svg>
	);
}

export const CopyIcon = () => (
	<Icon>
		<rect x="5.5" y="5.5" width="8" height="8" rx="1.5" />
		<path d="M10.5 5.5V3.5a1 1 0 0 0-1-1h-6a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h2" />
	</Icon>
);

export const CheckIcon = () => (
	<Icon>
		<path d="M3 8.5l3 3 7-7" />
	</Icon>
);

export const ChartIcon = () => (
	<Icon>
		<path d="M2.5 13.5h11" />
		<path d="M4.5 11V8M8 11V4M11.5 11V6.5" />
	</Icon>
);

export const EditIcon = () => (
	<Icon>
		<path d="M10.5 2.5l3 3-8 8H2.5v-3z" />
		<path d="M9 4l3 3" />
	</Icon>
);

export const TagIcon = () => (
	<Icon>
		<path d="M2.5 2.5h5l6 6-5 5-6-6z" />
		<circle cx="5.5" cy="5.5" r="1" />
	</Icon>
);

export const DeleteIcon = () => (
	<Icon>
		<path d="M2.5 4h11" />
		<path d="M6 4V2.5h4V4" />
		<path d="M3.5 4l.75 9.5h7.5L12.5 4" />
		<path d="M6.5 6.5v4.5M9.5 6.5v4.5" />
	</Icon>
);
