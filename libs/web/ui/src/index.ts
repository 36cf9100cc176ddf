import './theme.css';

export { formatBytes, formatDate, formatRelative } from './format';
export { Dialog } from './dialog';
export { ErrorText } from './error-text';
export { nextOffset } from './offset-paging';
export { ProblemError, problemMessage } from './problem';
export { navigate, Link, useLocation } from './router';
export { useStoredChoice } from './stored-choice';
export { ScrollBox } from './scroll-box';
export { VirtualRows } from './virtual-rows';
export type { VirtualRowsProps } from './virtual-rows';
