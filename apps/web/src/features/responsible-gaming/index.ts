// Responsible gaming (issue 17). Only the lazily loaded member-centre tab imports this file: it carries the
// responsible-gaming calls, their own contracts entry, and must never enter home's first load.
import './responsible-gaming.css';

export { ResponsibleGamingPage } from './pages/responsible-gaming-page';
