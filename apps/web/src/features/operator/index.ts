export { OperatorConsole } from './operator-console';
