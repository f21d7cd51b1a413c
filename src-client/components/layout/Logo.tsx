import classes from './Logo.module.css';

/** The SchoolBox word mark with its container-and-sun sign. */
export function Logo() {
  return (
    <span className={classes.logo}>
      <svg viewBox="0 0 40 40" width="34" height="34" aria-hidden="true" focusable="false" className={classes.sign}>
        <rect width="40" height="40" rx="9" className={classes.tile} />
        <circle cx="29" cy="11" r="4.5" fill="#fde68a" />
        <rect x="7" y="17" width="26" height="15" rx="2" fill="#fff" />
        <rect x="11" y="21" width="6" height="6" className={classes.window} />
        <rect x="22" y="21" width="7" height="11" className={classes.door} />
      </svg>
      <span className={classes.word}>
        School<span className={classes.accent}>Box</span>
      </span>
    </span>
  );
}
