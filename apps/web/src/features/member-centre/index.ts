export {
  MemberCentreFrame,
  memberCentreTab,
  memberCentreTabs,
  type MemberCentreTab,
} from './member-centre-frame';
