// The points mall (issue 15, decision 0033). Only the lazily loaded /pointMall chunk imports this file:
// it carries the points calls, their own contracts entry, and must never enter home's first load.
import './points.css';

export { PointMallPage } from './pages/point-mall-page';
