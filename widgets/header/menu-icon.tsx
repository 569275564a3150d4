/** The mobile menu toggle's icon: three bars, or a cross while open. */
export function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        d={open ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'}
        stroke="currentColor"
        stroke-width="2"
        stroke-linecap="round"
      />
    </svg>
  );
}

/**
 * The button that opens and closes a header's mobile menu (`controls` is the
 * menu's id). It sits in a box of its own (`display: contents`, no box on the
 * page) so the open menu's focus trap can take it as a container beside the
 * menu: focus-trap goes round what is inside its containers, never a container
 * itself (menu-focus.ts).
 */
export function MenuToggle(props: {
  open: boolean;
  controls: string;
  className: string;
  labels: { open: string; close: string };
  onToggle?: () => void;
}) {
  return (
    <span className="toggle-box">
      <button
        type="button"
        className={props.className}
        part="toggle"
        aria-expanded={props.open ? 'true' : 'false'}
        aria-controls={props.controls}
        aria-label={props.open ? props.labels.close : props.labels.open}
        onClick={props.onToggle}
      >
        <MenuIcon open={props.open} />
      </button>
    </span>
  );
}
