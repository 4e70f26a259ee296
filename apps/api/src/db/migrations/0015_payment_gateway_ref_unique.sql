DROP INDEX "payment_attempts_gateway_ref_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_gateway_ref_key" ON "payment_attempts" USING btree ("gateway","gateway_reference");