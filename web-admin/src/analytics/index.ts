import InsightsIcon from '@mui/icons-material/Insights';
import { AnalyticsList } from './AnalyticsList.tsx';

/** The `analytics` resource: store usage across every artist, read-only (SPEC §2 admin tab Analytics). */
export default { list: AnalyticsList, icon: InsightsIcon, recordRepresentation: 'date' };
