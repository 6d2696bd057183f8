// The full-page game view's entry (/seamless), apart from the lobby's so its chunk stays small.
import './games.css';

export { SeamlessPage } from './components/seamless-page';
