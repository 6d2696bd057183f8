export { useHelpCenter } from './api/help-queries';
export { HelpDialog } from './components/help-dialog';
