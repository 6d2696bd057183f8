export { AgentLanding } from './agent-landing';
export { AgentHome, clockTickMs, currentAgentPage } from './agent-home';
export { agentMenu, agentMenuPages, formatClock, formatGmtOffset, type AgentMenuPage } from './agent-menu';
