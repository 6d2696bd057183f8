export { AgentLanding } from './agent-landing';
export { AgentHome, clockTickMs } from './agent-home';
export {
  agentMenu,
  agentMenuPages,
  currentAgentPage,
  formatClock,
  formatGmtOffset,
  type AgentMenuPage,
  type ContractFlagsState,
} from './agent-menu';
