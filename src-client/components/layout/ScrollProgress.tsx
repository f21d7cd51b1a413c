import { useWindowScroll } from '@mantine/hooks';
import classes from './ScrollProgress.module.css';

/** A thin bar across the top of the window that fills as the visitor scrolls down the page. */
export function ScrollProgress() {
  const [scroll] = useWindowScroll();
  const scrollable = typeof document === 'undefined' ? 0 : document.documentElement.scrollHeight - window.innerHeight;
  const progress = scrollable > 0 ? Math.min(100, (scroll.y / scrollable) * 100) : 0;
  return <div className={classes.bar} style={{ width: `${progress}%` }} data-testid="scroll-progress" aria-hidden />;
}
