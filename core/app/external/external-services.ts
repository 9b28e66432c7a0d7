import type { AnnouncementService } from "./announcement-service.ts";
import type { CcpmService } from "./ccpm-service.ts";
import type { FinancialReportService } from "./financial-report-service.ts";

/** The external-data use cases the HTTP routes need (adapters/http/README.md 4.11). */
export interface ExternalServices {
  readonly announcements: AnnouncementService;
  readonly reports: FinancialReportService;
  readonly ccpm: CcpmService;
}
