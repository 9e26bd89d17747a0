/** `@matchday/insights`: the insights service's definition (tips, their record and the Dream11 picks). */
export { createInsights, insights, type InsightsOptions, type InsightsParts } from './service';
