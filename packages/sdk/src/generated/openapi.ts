// Generated from openapi.json by `npm run openapi`; apps/gateway/src/openapi/openapi-files.spec.ts keeps it in step. Do not edit.
export type paths = {
    "/api/v3/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Available and pending-settlement balance (a sandbox key reads the virtual API wallet) */
        get: operations["getApiV3Balance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/balance/withdrawable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Withdrawable balance; can_withdraw is false while any wallet part is negative */
        get: operations["getApiV3BalanceWithdrawable"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/disputes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Disputes of the caller, newest first */
        get: operations["getApiV3Disputes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/disputes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One dispute of the caller */
        get: operations["getApiV3DisputesId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/disputes/{id}/evidence": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Submit the evidence note before evidence_due_at; a new Idempotency-Key replaces the earlier note, an identical repeat returns the original body */
        post: operations["postApiV3DisputesIdEvidence"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/idempotency-keys/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether and how the caller (merchant and environment of the signing key) used an Idempotency-Key: per operation, the first request (method, path, body SHA-256, scenario), its state, the status of its first answer and the resource; percent-encode the key in the path */
        get: operations["getApiV3IdempotencyKeysKey"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a hosted payment; send the customer to payment_url */
        post: operations["postApiV3Payments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/payments/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a payment of the caller by its code */
        get: operations["getApiV3PaymentsCode"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/refunds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Reversals of the caller, newest first */
        get: operations["getApiV3Refunds"];
        put?: never;
        /** Request a refund or void of a paid payment (live: reviewed by an operator; sandbox: by X-CAV-Sandbox-Scenario) */
        post: operations["postApiV3Refunds"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/refunds/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One reversal of the caller */
        get: operations["getApiV3RefundsId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/sandbox/disputes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sandbox only: open a dispute on a paid sandbox payment in the scenario state (open, won, lost) */
        post: operations["postApiV3SandboxDisputes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/sandbox/webhook-stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Sandbox only (extension): a text/event-stream of every sandbox webhook of the caller, signed as delivered; an `event: ready` first, then `event: webhook` with {event_id, event_type, scheme, headers, body} */
        get: operations["getApiV3SandboxWebhookStream"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/service-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Services in maintenance (public, unsigned) */
        get: operations["getApiV3ServiceStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/webhooks/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Webhook deliveries, newest first; last_error_message follows Accept-Language (tr or en) */
        get: operations["getApiV3WebhooksDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/webhooks/deliveries/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One delivery with the address used and the JSON body sent */
        get: operations["getApiV3WebhooksDeliveriesId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/webhooks/deliveries/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Re-queue a failed delivery (Idempotency-Key required; a repeat returns the first answer and queues nothing) */
        post: operations["postApiV3WebhooksDeliveriesIdRetry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/withdrawals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Withdrawals of the caller, newest first */
        get: operations["getApiV3Withdrawals"];
        put?: never;
        /** Request a USDT withdrawal; the amount is reserved (live: sent by an operator; sandbox: by X-CAV-Sandbox-Scenario) */
        post: operations["postApiV3Withdrawals"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v3/withdrawals/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One withdrawal of the caller */
        get: operations["getApiV3WithdrawalsId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/bins/{bin}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Look up a BIN: payment_mode says whether to collect the card (direct) or use the hosted page */
        get: operations["getApiV4BinsBin"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an order: direct with card (3-D Secure follows) or hosted with bin */
        post: operations["postApiV4Orders"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/orders/{merchantOrderId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read an order by merchant_order_id */
        get: operations["getApiV4OrdersMerchantOrderId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/sandbox/orders/{merchantOrderId}/result": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sandbox only: close a pending or hosted order as paid or failed */
        post: operations["postApiV4SandboxOrdersMerchantOrderIdResult"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type webhooks = {
    "checkout.order.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * v4: the order became failed; ignore it after checkout.order.succeeded for the same order
         * @description Delivered at least once, possibly out of order, as a signed JSON POST. Answer any 2xx within 10 s; redirects, 4xx, 5xx and timeouts are retried (at most 11 attempts: 60 s, 300 s, 900 s, 1800 s, 3600 s, 10800 s, 21600 s, 43200 s, 86400 s, 172800 s after the previous failure).
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description sandbox or live. */
                    "X-CEK-Environment": "sandbox" | "live";
                    /** @description Same as event_id; unchanged on retries. Deduplicate by it. */
                    "X-CEK-Event-Id": string;
                    /** @description Lowercase hex HMAC-SHA256 of the timestamp, ".", and the raw body, keyed with the API secret. Compare in constant time. */
                    "X-CEK-Signature": string;
                    /** @description Unix time in seconds when the attempt was signed; reject more than 300 s away from your clock. */
                    "X-CEK-Timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["OrderEvent"];
                };
            };
            responses: {
                /** @description Received; any 2xx stops the retries. */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "checkout.order.succeeded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * v4: the order became paid
         * @description Delivered at least once, possibly out of order, as a signed JSON POST. Answer any 2xx within 10 s; redirects, 4xx, 5xx and timeouts are retried (at most 11 attempts: 60 s, 300 s, 900 s, 1800 s, 3600 s, 10800 s, 21600 s, 43200 s, 86400 s, 172800 s after the previous failure).
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description sandbox or live. */
                    "X-CEK-Environment": "sandbox" | "live";
                    /** @description Same as event_id; unchanged on retries. Deduplicate by it. */
                    "X-CEK-Event-Id": string;
                    /** @description Lowercase hex HMAC-SHA256 of the timestamp, ".", and the raw body, keyed with the API secret. Compare in constant time. */
                    "X-CEK-Signature": string;
                    /** @description Unix time in seconds when the attempt was signed; reject more than 300 s away from your clock. */
                    "X-CEK-Timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["OrderEvent"];
                };
            };
            responses: {
                /** @description Received; any 2xx stops the retries. */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payment.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * v3: a payment attempt failed; the payment stays created and can still be paid
         * @description Delivered at least once, possibly out of order, as a signed JSON POST. Answer any 2xx within 10 s; redirects, 4xx, 5xx and timeouts are retried (at most 11 attempts: 60 s, 300 s, 900 s, 1800 s, 3600 s, 10800 s, 21600 s, 43200 s, 86400 s, 172800 s after the previous failure).
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description sandbox or live. */
                    "X-CAV-Environment": "sandbox" | "live";
                    /** @description Same as event_id; unchanged on retries. Deduplicate by it. */
                    "X-CAV-Event-Id": string;
                    /** @description Same as event_type. */
                    "X-CAV-Event-Type": string;
                    /** @description Lowercase hex HMAC-SHA256 of the timestamp, ".", and the raw body, keyed with the API secret. Compare in constant time. */
                    "X-CAV-Signature": string;
                    /** @description Unix time in seconds when the attempt was signed; reject more than 300 s away from your clock. */
                    "X-CAV-Timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["PaymentEvent"];
                };
            };
            responses: {
                /** @description Received; any 2xx stops the retries. */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payment.paid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * v3: a payment was paid
         * @description Delivered at least once, possibly out of order, as a signed JSON POST. Answer any 2xx within 10 s; redirects, 4xx, 5xx and timeouts are retried (at most 11 attempts: 60 s, 300 s, 900 s, 1800 s, 3600 s, 10800 s, 21600 s, 43200 s, 86400 s, 172800 s after the previous failure).
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description sandbox or live. */
                    "X-CAV-Environment": "sandbox" | "live";
                    /** @description Same as event_id; unchanged on retries. Deduplicate by it. */
                    "X-CAV-Event-Id": string;
                    /** @description Same as event_type. */
                    "X-CAV-Event-Type": string;
                    /** @description Lowercase hex HMAC-SHA256 of the timestamp, ".", and the raw body, keyed with the API secret. Compare in constant time. */
                    "X-CAV-Signature": string;
                    /** @description Unix time in seconds when the attempt was signed; reject more than 300 s away from your clock. */
                    "X-CAV-Timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["PaymentEvent"];
                };
            };
            responses: {
                /** @description Received; any 2xx stops the retries. */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payment.refunded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * v3: a refund of the payment was completed
         * @description Delivered at least once, possibly out of order, as a signed JSON POST. Answer any 2xx within 10 s; redirects, 4xx, 5xx and timeouts are retried (at most 11 attempts: 60 s, 300 s, 900 s, 1800 s, 3600 s, 10800 s, 21600 s, 43200 s, 86400 s, 172800 s after the previous failure).
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description sandbox or live. */
                    "X-CAV-Environment": "sandbox" | "live";
                    /** @description Same as event_id; unchanged on retries. Deduplicate by it. */
                    "X-CAV-Event-Id": string;
                    /** @description Same as event_type. */
                    "X-CAV-Event-Type": string;
                    /** @description Lowercase hex HMAC-SHA256 of the timestamp, ".", and the raw body, keyed with the API secret. Compare in constant time. */
                    "X-CAV-Signature": string;
                    /** @description Unix time in seconds when the attempt was signed; reject more than 300 s away from your clock. */
                    "X-CAV-Timestamp": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["PaymentRefundedEvent"];
                };
            };
            responses: {
                /** @description Received; any 2xx stops the retries. */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type components = {
    schemas: {
        Balance: {
            available_amount: string;
            currency_code: string;
            /** @enum {string} */
            environment: "sandbox" | "live";
            pending_settlement_amount: string;
        };
        BinInformation: {
            bank_name: string | null;
            bin: string;
            card_program: string | null;
            card_type: ("credit" | "debit" | "prepaid") | null;
            country: string | null;
            domestic: boolean;
            network: ("visa" | "mastercard" | "amex" | "troy") | null;
            /** @enum {string} */
            payment_mode: "direct" | "hosted";
        };
        /**
         * @example {
         *       "merchant_order_id": "order-10042",
         *       "amount": "250.00",
         *       "bin": "540061"
         *     }
         * @example {
         *       "merchant_order_id": "order-10043",
         *       "amount": "250.00",
         *       "card": {
         *         "holder_name": "Ayse Yilmaz",
         *         "number": "4355090000044242",
         *         "expiry_month": "12",
         *         "expiry_year": "30",
         *         "cvv": "000"
         *       }
         *     }
         */
        CreateOrderRequest: {
            amount: string;
            bin?: string;
            card?: {
                cvv: string;
                expiry_month: string;
                expiry_year: string;
                holder_name: string;
                number: string;
            };
            merchant_order_id: string;
        };
        /**
         * @example {
         *       "amount": "149.90",
         *       "currency_code": "TRY",
         *       "merchant_reference": "order-10041",
         *       "webhook_url": "https://shop.example.com/webhooks/payments",
         *       "merchant_name": "Example Shop",
         *       "return_url": "https://shop.example.com/checkout/return"
         *     }
         */
        CreatePaymentRequest: {
            amount: string;
            /** @enum {string} */
            currency_code: "USD" | "EUR" | "AED" | "TRY";
            merchant_name?: string | null;
            merchant_reference?: string | null;
            return_url?: string | null;
            webhook_url?: string | null;
        };
        /**
         * @example {
         *       "payment_code": "k3v9x2m4",
         *       "operation_type": "refund",
         *       "reason": "Customer returned the goods"
         *     }
         */
        CreateReversalRequest: {
            /** @enum {string} */
            operation_type: "refund" | "void";
            payment_code: string;
            reason: string;
        };
        /**
         * @example {
         *       "amount": "250.00",
         *       "address": "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE",
         *       "address_acknowledged": true
         *     }
         */
        CreateWithdrawalRequest: {
            address: string;
            /** @constant */
            address_acknowledged: true;
            amount: string;
        };
        Dispute: {
            amount: string;
            created_at: string;
            currency: string;
            /** @enum {string} */
            environment: "sandbox" | "live";
            evidence_due_at: string | null;
            evidence_submitted_at: string | null;
            /** Format: uuid */
            id: string;
            merchant_evidence_note: string | null;
            merchant_evidence_submitted_at: string | null;
            occurred_on: string;
            payment_code: string | null;
            /** @enum {string} */
            reason: "fraud" | "unauthorized" | "product_not_delivered" | "duplicate" | "amount_mismatch" | "other";
            reason_note: string | null;
            resolved_at: string | null;
            /** @enum {string} */
            service: "api" | "link";
            /** @enum {string} */
            status: "open" | "under_review" | "won" | "lost";
        };
        /**
         * @example {
         *       "note": "Delivered on 2026-11-20, signed by the customer; tracking number TR123456789."
         *     }
         */
        DisputeEvidenceRequest: {
            note: string;
        };
        IdempotencyKeyUse: {
            body_sha256: string | null;
            completed_at: string | null;
            created_at: string;
            idempotency_key: string;
            method: string;
            /** @enum {string} */
            operation: "payment.create" | "reversal.request" | "withdrawal.request" | "dispute.evidence" | "dispute.sandbox" | "delivery.retry";
            path: string;
            resource_id: string | null;
            response_status: number | null;
            sandbox_scenario: string | null;
            /** @enum {string} */
            state: "in_flight" | "completed";
        };
        /**
         * @example {
         *       "order_code": "100000417",
         *       "merchant_order_id": "order-10043",
         *       "status": "requires_action",
         *       "amount": "250.00",
         *       "currency": "TRY",
         *       "redirect_url": "https://pay.card-platform.example/v4/3ds/tok_9Kd1",
         *       "hosted_url": null,
         *       "hosted_expires_at": null,
         *       "failure_reason_code": null,
         *       "failure_message": null,
         *       "card": {
         *         "holder_name": "Ayse Yilmaz",
         *         "bin": "435509",
         *         "last_four": "4242",
         *         "network": "visa",
         *         "program": null,
         *         "issuer_bank_name": "Example Bank"
         *       },
         *       "created_at": "2026-11-20T09:20:11.204Z",
         *       "completed_at": null,
         *       "version": 1
         *     }
         */
        Order: {
            amount: string;
            card: {
                bin: string;
                holder_name: string;
                issuer_bank_name: string | null;
                last_four: string;
                network: string | null;
                program: string | null;
            } | null;
            completed_at: string | null;
            created_at: string;
            /** @constant */
            currency: "TRY";
            failure_message: string | null;
            failure_reason_code: string | null;
            hosted_expires_at: string | null;
            hosted_url: string | null;
            merchant_order_id: string;
            order_code: string;
            redirect_url: string | null;
            /** @enum {string} */
            status: "requires_action" | "requires_hosted" | "pending" | "paid" | "failed";
            version: number;
        };
        /**
         * @example {
         *       "schema_version": 3,
         *       "event_id": "1c9d7e5f-2b3a-4c6d-8e7f-9a0b1c2d3e4f",
         *       "event_type": "checkout.order.failed",
         *       "previous_status": "requires_action",
         *       "order": {
         *         "code": "100000417",
         *         "merchant_order_id": "order-10043",
         *         "status": "failed",
         *         "amount": "250.00",
         *         "currency": "TRY",
         *         "version": 3
         *       },
         *       "merchant": {
         *         "code": "MRC-000123"
         *       },
         *       "payment_details": {
         *         "card": {
         *           "holder_name": "Ayse Yilmaz",
         *           "bin": "435509",
         *           "last_four": "4242",
         *           "network": "visa",
         *           "program": null,
         *           "issuer_bank_code": null,
         *           "issuer_bank_name": "Example Bank",
         *           "installment_count": 1,
         *           "three_d": true
         *         }
         *       },
         *       "failure_code": "0055231",
         *       "failure_reason_code": "payment_declined",
         *       "failure_message": "The card issuer declined the payment"
         *     }
         */
        OrderEvent: {
            /** Format: uuid */
            event_id: string;
            /** @enum {string} */
            event_type: "checkout.order.succeeded" | "checkout.order.failed";
            failure_code?: string;
            failure_message?: string;
            failure_reason_code?: string;
            merchant: {
                code: string;
            };
            order: {
                amount: string;
                code: string;
                /** @constant */
                currency: "TRY";
                merchant_order_id: string;
                /** @enum {string} */
                status: "paid" | "failed";
                version?: number;
            };
            payment_details: {
                card: {
                    bin: string;
                    holder_name: string;
                    installment_count: number;
                    issuer_bank_code: string | null;
                    issuer_bank_name: string | null;
                    last_four: string;
                    network: string | null;
                    program: string | null;
                    three_d: boolean;
                } | null;
            };
            previous_status?: ("requires_action" | "requires_hosted" | "pending" | "paid" | "failed") | null;
            /** @constant */
            schema_version: 3;
        };
        PaginationMeta: {
            page: number;
            per_page: number;
            total: number;
            total_pages: number;
        };
        /**
         * @example {
         *       "code": "k3v9x2m4",
         *       "merchant_reference": "order-10041",
         *       "status": "paid",
         *       "amount": "149.90",
         *       "currency_code": "TRY",
         *       "environment": "live",
         *       "payment_url": "https://pay.card-platform.example/pay/tok_7Qm2",
         *       "payment_url_kind": "platform",
         *       "created_at": "2026-11-20T09:14:03.512Z",
         *       "expires_at": "2026-11-20T10:14:03.512Z",
         *       "paid_at": "2026-11-20T09:16:41.007Z",
         *       "card": {
         *         "bin": "435509",
         *         "last_four": "4242",
         *         "network": "visa"
         *       },
         *       "failure": null,
         *       "version": 3
         *     }
         */
        Payment: {
            amount: string;
            card: {
                bin: string;
                last_four: string;
                network: string | null;
            } | null;
            code: string;
            created_at: string;
            /** @enum {string} */
            currency_code: "USD" | "EUR" | "AED" | "TRY";
            /** @enum {string} */
            environment: "sandbox" | "live";
            expires_at: string;
            failure: {
                attempt_count: number;
                reason_code: string | null;
            } | null;
            merchant_reference: string | null;
            paid_at: string | null;
            payment_url: string;
            /** @constant */
            payment_url_kind: "platform";
            /** @enum {string} */
            status: "created" | "paid" | "expired";
            version: number;
        };
        /**
         * @example {
         *       "event_id": "6f2b8c1e-3d4a-4b5c-9e8f-0a1b2c3d4e5f",
         *       "event_type": "payment.paid",
         *       "environment": "live",
         *       "occurred_at": "2026-11-20T09:16:41.007Z",
         *       "previous_status": "created",
         *       "payment": {
         *         "code": "k3v9x2m4",
         *         "merchant_reference": "order-10041",
         *         "status": "paid",
         *         "amount": "149.90",
         *         "currency_code": "TRY",
         *         "environment": "live",
         *         "payment_url": "https://pay.card-platform.example/pay/tok_7Qm2",
         *         "payment_url_kind": "platform",
         *         "created_at": "2026-11-20T09:14:03.512Z",
         *         "expires_at": "2026-11-20T10:14:03.512Z",
         *         "paid_at": "2026-11-20T09:16:41.007Z",
         *         "card": {
         *           "bin": "435509",
         *           "last_four": "4242",
         *           "network": "visa"
         *         },
         *         "failure": null,
         *         "version": 3
         *       }
         *     }
         */
        PaymentEvent: {
            /** @enum {string} */
            environment: "sandbox" | "live";
            /** Format: uuid */
            event_id: string;
            /** @enum {string} */
            event_type: "payment.paid" | "payment.failed";
            occurred_at: string;
            payment: {
                amount: string;
                card: {
                    bin: string;
                    last_four: string;
                    network: string | null;
                } | null;
                code: string;
                created_at: string;
                /** @enum {string} */
                currency_code: "USD" | "EUR" | "AED" | "TRY";
                /** @enum {string} */
                environment: "sandbox" | "live";
                expires_at: string;
                failure: {
                    attempt_count: number;
                    reason_code: string | null;
                } | null;
                merchant_reference: string | null;
                paid_at: string | null;
                payment_url: string;
                /** @constant */
                payment_url_kind: "platform";
                /** @enum {string} */
                status: "created" | "paid" | "expired";
                version?: number;
            };
            /** @enum {string} */
            previous_status?: "created" | "paid" | "expired";
        };
        PaymentRefundedEvent: {
            /** @enum {string} */
            environment: "sandbox" | "live";
            /** Format: uuid */
            event_id: string;
            /** @constant */
            event_type: "payment.refunded";
            occurred_at: string;
            order: {
                /** Format: uuid */
                public_id: string;
            };
            payment: {
                code: string;
                merchant_reference: string | null;
                /** Format: uuid */
                public_id: string;
                version?: number;
            };
            previous_status?: ("requested" | "processing" | "completed" | "rejected" | "failed" | "awaiting_provider_manual" | "cancelled") | null;
            refund: {
                amount: string;
                completed_at: string;
                /** @enum {string} */
                currency_code: "USD" | "EUR" | "AED" | "TRY";
                /** Format: uuid */
                public_id: string;
                /** @constant */
                status: "completed";
            };
        };
        /**
         * @example {
         *       "type": "https://docs.card-platform.example/errors/9000005",
         *       "title": "Amount outside the account limits",
         *       "status": 422,
         *       "detail": "The amount is outside the payment limits of the account.",
         *       "instance": "/api/v3/payments",
         *       "code": "9000005",
         *       "correlation_id": "4f1c2d7e-8a9b-4c3d-9e1f-2a3b4c5d6e7f",
         *       "metadata": {
         *         "developer_detail": "amount 0.00 TRY is below min_amount 1.00 TRY",
         *         "retry_class": "fix_and_retry",
         *         "audit_event": "payment.amount_outside_limits"
         *       },
         *       "limits": {
         *         "currency_code": "TRY",
         *         "min_amount": "1.00",
         *         "max_amount": "50000.00"
         *       }
         *     }
         */
        Problem: {
            /** @description Direct API v4 amount refusals: the bounds of the account, in TRY. */
            amount_limit?: {
                max: string;
                min: string;
            } | null;
            /** @enum {string} */
            code: "1000001" | "1000002" | "1000003" | "1000004" | "1000005" | "1000006" | "1000007" | "1000008" | "1000009" | "1000010" | "1000011" | "1000012" | "1000013" | "1000014" | "1000015" | "1000030" | "9000005" | "9000007" | "9000010" | "9000019" | "9000020" | "9000021" | "9000022" | "9000038" | "9000039" | "9000040" | "9000041" | "0055501" | "0055502" | "0055504" | "0055505" | "0055001" | "0055002" | "0055210" | "0055221" | "0055230" | "0055231" | "0055233" | "0055234" | "0055235" | "0055402" | "0055404" | "0055503";
            correlation_id: string;
            detail: string;
            /** @description On 422 schema errors: the messages of each field or header, by its name. */
            errors?: {
                [key: string]: string[];
            };
            instance: string;
            /** @description On 9000005: the payment limits of the account, in its base currency. */
            limits?: {
                currency_code: string;
                max_amount: string | null;
                min_amount: string;
            };
            /** @description Debugging information. Branch on code; retry_class says what to do next. */
            metadata: {
                /**
                 * @description Stable name of what happened; the same name labels the api_errors_total metric and the log line.
                 * @enum {string}
                 */
                audit_event: "request.schema_invalid" | "request.route_unknown" | "request.method_not_allowed" | "request.json_invalid" | "rate_limit.exceeded" | "request.body_too_large" | "request.content_type_unsupported" | "platform.internal_error" | "platform.unavailable" | "operator.token_invalid" | "resource.not_found" | "resource.state_conflict" | "platform.maintenance" | "operator.role_forbidden" | "operator.second_operator_required" | "withdrawal.burn_address_refused" | "payment.amount_outside_limits" | "payment.reference_reused" | "idempotency.scenario_mismatch" | "withdrawal.below_minimum" | "balance.insufficient" | "withdrawal.above_daily_limit" | "withdrawal.blocked_negative_balance" | "payment.return_url_invalid" | "idempotency.conflict" | "reversal.payment_not_paid" | "reversal.already_exists" | "auth.ip_not_allowed" | "auth.credentials_invalid" | "auth.headers_malformed" | "auth.signature_invalid" | "account.not_ready" | "account.card_payments_off" | "bin.malformed" | "card.daily_limit_reached" | "bin.no_channel" | "card.issuer_unavailable" | "bin.unknown" | "card.details_invalid" | "order.amount_refused" | "order.not_found" | "order.state_conflict" | "order.duplicate_conflict" | "auth.api_key_unknown" | "auth.environment_mismatch" | "auth.merchant_code_missing" | "auth.merchant_code_mismatch" | "auth.account_inactive" | "auth.direct_api_closed" | "auth.ip_allowlist_empty" | "auth.timestamp_out_of_window" | "ledger.payment_not_booked_yet" | "account.live_processing_unconfigured";
                /** @description What exactly was wrong (header, field, expected value), in English; never a secret or card data. */
                developer_detail: string;
                /**
                 * @description do_not_retry: Repeating cannot change the answer: the resource is missing, in a final state or conflicts with an earlier request. Read the resource instead, if there is one.
                 *     fix_and_retry: Nothing was done. Correct what metadata.developer_detail names (request, headers, credentials, account settings, card or amount), then send a new request; a new Direct API order needs a new merchant_order_id.
                 *     retry_unchanged: The outcome is unknown or the first request is still running. Repeat the identical request (same merchant_order_id or Idempotency-Key) after a short pause, or read the resource.
                 *     wait_and_retry: Too many requests. Wait the seconds given in Retry-After, then repeat the identical request.
                 * @enum {string}
                 */
                retry_class: "do_not_retry" | "fix_and_retry" | "retry_unchanged" | "wait_and_retry";
            };
            status: number;
            title: string;
            /** Format: uri */
            type: string;
        };
        Reversal: {
            amount: string;
            created_at: string;
            currency: string;
            /** @enum {string} */
            environment: "sandbox" | "live";
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            operation: "refund" | "void";
            payment_code: string | null;
            provider_reference: string | null;
            provider_refunded_at: string | null;
            reason: string;
            /** @enum {string} */
            status: "requested" | "processing" | "completed" | "rejected" | "failed" | "awaiting_provider_manual" | "cancelled";
            updated_at: string | null;
        };
        /**
         * @example {
         *       "payment_code": "k3v9x2m4",
         *       "scenario": "open",
         *       "reason": "fraud"
         *     }
         */
        SandboxDisputeRequest: {
            payment_code: string;
            /** @enum {string} */
            reason: "fraud" | "unauthorized" | "product_not_delivered" | "duplicate" | "amount_mismatch" | "other";
            /** @enum {string} */
            scenario?: "open" | "won" | "lost";
        };
        /**
         * @example {
         *       "result": "paid"
         *     }
         */
        SandboxOrderResultRequest: {
            /** @enum {string} */
            result: "paid" | "failed";
        };
        ServiceStatusItem: {
            note: string | null;
            /** @enum {string} */
            service: "api_collection" | "withdrawals" | "link_collection" | "storefront" | "usdt_sales" | "balance_load";
            until: string | null;
        };
        WebhookDelivery: {
            attempt_count: number;
            created_at: string;
            delivered_at: string | null;
            event: string;
            /** Format: uuid */
            id: string;
            last_error: string | null;
            last_error_code: string | null;
            last_error_message: string | null;
            last_status_code: number | null;
            next_attempt_at: string | null;
            payment_code: string | null;
            /** @enum {string} */
            status: "pending" | "delivered" | "failed";
        };
        WebhookDeliveryDetail: {
            attempt_count: number;
            created_at: string;
            delivered_at: string | null;
            event: string;
            /** Format: uuid */
            id: string;
            last_error: string | null;
            last_error_code: string | null;
            last_error_message: string | null;
            last_status_code: number | null;
            next_attempt_at: string | null;
            payload?: unknown | null;
            payment_code: string | null;
            /** @enum {string} */
            status: "pending" | "delivered" | "failed";
            url: string;
        };
        WithdrawableBalance: {
            can_withdraw: boolean;
            currency_code: string;
            /** @enum {string} */
            environment: "sandbox" | "live";
            withdrawable_amount: string;
        };
        Withdrawal: {
            address: string;
            amount: string;
            /** @constant */
            asset: "USDT";
            created_at: string;
            currency: string;
            /** @enum {string} */
            environment: "sandbox" | "live";
            /** Format: uuid */
            id: string;
            /** @constant */
            network: "TRC20";
            processed_at: string | null;
            rejection_reason: string | null;
            requested_at: string;
            /** @enum {string} */
            status: "requested" | "sent" | "rejected";
            tx_hash: string | null;
            usdt_amount: string;
        };
    };
    responses: never;
    parameters: {
        /** @description Optional id of your own to find this request in our logs and in the answer (echoed in X-Correlation-Id and correlation_id). */
        CorrelationId: string;
        /** @description Required. A repeat with the same key and the same request (method, path, body bytes, sandbox scenario) returns the first answer and changes nothing; the same key with another request is 409 9000039 (9000010 when only the scenario differs). */
        IdempotencyKey: string;
        /** @description Lowercase hex HMAC-SHA256, keyed with the API secret, of: timestamp, UPPERCASE method, path with its query string exactly as sent, lowercase hex SHA-256 of the exact body bytes (of the empty string without a body), joined by "\n". */
        V3Signature: string;
        /** @description Unix time in seconds, 10 digits; more than 300 s away from the server clock is refused (0055504). */
        V3Timestamp: string;
        /** @description Environment of the API key; must match it. */
        V4Environment: "sandbox" | "live";
        /** @description Merchant code MRC-<6 digits>. Required in sandbox; in live, if sent, it must match the account. */
        V4MerchantCode: string;
        /** @description Lowercase hex HMAC-SHA256, keyed with the API secret, of: timestamp, UPPERCASE method, path without the query string, lowercase hex SHA-256 of the exact body bytes, joined by "\n". */
        V4Signature: string;
        /** @description Unix time in seconds, 10 digits; more than 300 s away from the server clock is refused (0055504). */
        V4Timestamp: string;
    };
    requestBodies: never;
    headers: {
        /** @description The request id: yours when you sent a valid one, otherwise ours. Quote it to support. */
        CorrelationId: string;
        /** @description Requests allowed per window for this API key. */
        RateLimitLimit: number;
        /** @description Requests left in the current window. */
        RateLimitRemaining: number;
        /** @description Seconds to wait before the next request. */
        RetryAfter: number;
        /** @description The sandbox scenario applied (sandbox keys only). */
        SandboxScenario: string;
    };
    pathItems: never;
};
export type $defs = Record<string, never>;
export interface operations {
    getApiV3Balance: {
        parameters: {
            query?: never;
            header: {
                /** @description Lowercase hex HMAC-SHA256, keyed with the API secret, of: timestamp, UPPERCASE method, path with its query string exactly as sent, lowercase hex SHA-256 of the exact body bytes (of the empty string without a body), joined by "\n". */
                "X-CAV-Signature": components["parameters"]["V3Signature"];
                /** @description Unix time in seconds, 10 digits; more than 300 s away from the server clock is refused (0055504). */
                "X-CAV-Timestamp": components["parameters"]["V3Timestamp"];
                /** @description Optional id of your own to find this request in our logs and in the answer (echoed in X-Correlation-Id and correlation_id). */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The balance in the base currency of the account */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Balance"];
                };
            };
            /** @description 0055502 API key, environment or merchant code is not valid for this request; 0055504 Timestamp or signature header is malformed or out of the allowed window; 0055505 Signature could not be verified */
            401: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 0055501 Caller address is not on the IP allowlist */
            403: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000005 Rate limit exceeded */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000008 Internal error */
            500: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000009 Service temporarily unavailable, retry shortly */
            503: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiV3BalanceWithdrawable: {
        parameters: {
            query?: never;
            header: {
                /** @description Lowercase hex HMAC-SHA256, keyed with the API secret, of: timestamp, UPPERCASE method, path with its query string exactly as sent, lowercase hex SHA-256 of the exact body bytes (of the empty string without a body), joined by "\n". */
                "X-CAV-Signature": components["parameters"]["V3Signature"];
                /** @description Unix time in seconds, 10 digits; more than 300 s away from the server clock is refused (0055504). */
                "X-CAV-Timestamp": components["parameters"]["V3Timestamp"];
                /** @description Optional id of your own to find this request in our logs and in the answer (echoed in X-Correlation-Id and correlation_id). */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The withdrawable balance */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WithdrawableBalance"];
                };
            };
            /** @description 0055502 API key, environment or merchant code is not valid for this request; 0055504 Timestamp or signature header is malformed or out of the allowed window; 0055505 Signature could not be verified */
            401: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 0055501 Caller address is not on the IP allowlist */
            403: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000005 Rate limit exceeded */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000008 Internal error */
            500: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000009 Service temporarily unavailable, retry shortly */
            503: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiV3Disputes: {
        parameters: {
            query?: {
                page?: string & number;
                per_page?: string & number;
                status?: "open" | "under_review" | "won" | "lost";
            };
            header: {
                /** @description Lowercase hex HMAC-SHA256, keyed with the API secret, of: timestamp, UPPERCASE method, path with its query string exactly as sent, lowercase hex SHA-256 of the exact body bytes (of the empty string without a body), joined by "\n". */
                "X-CAV-Signature": components["parameters"]["V3Signature"];
                /** @description Unix time in seconds, 10 digits; more than 300 s away from the server clock is refused (0055504). */
                "X-CAV-Timestamp": components["parameters"]["V3Timestamp"];
                /** @description Optional id of your own to find this request in our logs and in the answer (echoed in X-Correlation-Id and correlation_id). */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of disputes */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Dispute"][];
                        meta: components["schemas"]["PaginationMeta"];
                    };
                };
            };
            /** @description 0055502 API key, environment or merchant code is not valid for this request; 0055504 Timestamp or signature header is malformed or out of the allowed window; 0055505 Signature could not be verified */
            401: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 0055501 Caller address is not on the IP allowlist */
            403: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000001 Request does not match the schema */
            422: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000005 Rate limit exceeded */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000008 Internal error */
            500: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000009 Service temporarily unavailable, retry shortly */
            503: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiV3DisputesId: {
        parameters: {
            query?: never;
            header: {
                /** @description Lowercase hex HMAC-SHA256, keyed with the API secret, of: timestamp, UPPERCASE method, path with its query string exactly as sent, lowercase hex SHA-256 of the exact body bytes (of the empty string without a body), joined by "\n". */
                "X-CAV-Signature": components["parameters"]["V3Signature"];
                /** @description Unix time in seconds, 10 digits; more than 300 s away from the server clock is refused (0055504). */
                "X-CAV-Timestamp": components["parameters"]["V3Timestamp"];
                /** @description Optional id of your own to find this request in our logs and in the answer (echoed in X-Correlation-Id and correlation_id). */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The dispute */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Dispute"];
                };
            };
            /** @description 0055502 API key, environment or merchant code is not valid for this request; 0055504 Timestamp or signature header is malformed or out of the allowed window; 0055505 Signature could not be verified */
            401: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 0055501 Caller address is not on the IP allowlist */
            403: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000011 Resource not found */
            404: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000001 Request does not match the schema */
            422: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000005 Rate limit exceeded */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000008 Internal error */
            500: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000009 Service temporarily unavailable, retry shortly */
            503: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApiV3DisputesIdEvidence: {
        parameters: {
            query?: never;
            header: {
                /** @description Required. A repeat with the same key and the same request (method, path, body bytes, sandbox scenario) returns the first answer and changes nothing; the same key with another request is 409 9000039 (9000010 when only the scenario differs). */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
                /** @description Lowercase hex HMAC-SHA256, keyed with the API secret, of: timestamp, UPPERCASE method, path with its query string exactly as sent, lowercase hex SHA-256 of the exact body bytes (of the empty string without a body), joined by "\n". */
                "X-CAV-Signature": components["parameters"]["V3Signature"];
                /** @description Unix time in seconds, 10 digits; more than 300 s away from the server clock is refused (0055504). */
                "X-CAV-Timestamp": components["parameters"]["V3Timestamp"];
                /** @description Optional id of your own to find this request in our logs and in the answer (echoed in X-Correlation-Id and correlation_id). */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DisputeEvidenceRequest"];
            };
        };
        responses: {
            /** @description The dispute, status unchanged */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Dispute"];
                };
            };
            /** @description 0055502 API key, environment or merchant code is not valid for this request; 0055504 Timestamp or signature header is malformed or out of the allowed window; 0055505 Signature could not be verified */
            401: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 0055501 Caller address is not on the IP allowlist */
            403: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000011 Resource not found */
            404: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000012 The operation conflicts with the current state of the resource; 9000039 Repeat the same request unchanged with the same Idempotency-Key */
            409: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000001 Request does not match the schema */
            422: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000005 Rate limit exceeded */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000008 Internal error */
            500: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000009 Service temporarily unavailable, retry shortly */
            503: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiV3IdempotencyKeysKey: {
        parameters: {
            query?: never;
            header: {
                /** @description Lowercase hex HMAC-SHA256, keyed with the API secret, of: timestamp, UPPERCASE method, path with its query string exactly as sent, lowercase hex SHA-256 of the exact body bytes (of the empty string without a body), joined by "\n". */
                "X-CAV-Signature": components["parameters"]["V3Signature"];
                /** @description Unix time in seconds, 10 digits; more than 300 s away from the server clock is refused (0055504). */
                "X-CAV-Timestamp": components["parameters"]["V3Timestamp"];
                /** @description Optional id of your own to find this request in our logs and in the answer (echoed in X-Correlation-Id and correlation_id). */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every use of the key, oldest first (one per operation it was used for) */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["IdempotencyKeyUse"][];
                    };
                };
            };
            /** @description 0055502 API key, environment or merchant code is not valid for this request; 0055504 Timestamp or signature header is malformed or out of the allowed window; 0055505 Signature could not be verified */
            401: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 0055501 Caller address is not on the IP allowlist */
            403: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000011 Resource not found */
            404: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000001 Request does not match the schema */
            422: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000005 Rate limit exceeded */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000008 Internal error */
            500: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000009 Service temporarily unavailable, retry shortly */
            503: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApiV3Payments: {
        parameters: {
            query?: never;
            header: {
                /** @description Required. A repeat with the same key and the same request (method, path, body bytes, sandbox scenario) returns the first answer and changes nothing; the same key with another request is 409 9000039 (9000010 when only the scenario differs). */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
                /** @description Lowercase hex HMAC-SHA256, keyed with the API secret, of: timestamp, UPPERCASE method, path with its query string exactly as sent, lowercase hex SHA-256 of the exact body bytes (of the empty string without a body), joined by "\n". */
                "X-CAV-Signature": components["parameters"]["V3Signature"];
                /** @description Unix time in seconds, 10 digits; more than 300 s away from the server clock is refused (0055504). */
                "X-CAV-Timestamp": components["parameters"]["V3Timestamp"];
                /** @description Optional id of your own to find this request in our logs and in the answer (echoed in X-Correlation-Id and correlation_id). */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreatePaymentRequest"];
            };
        };
        responses: {
            /** @description A repeat with the same Idempotency-Key: the original payment */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payment"];
                };
            };
            /** @description The new payment */
            201: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payment"];
                };
            };
            /** @description 0055502 API key, environment or merchant code is not valid for this request; 0055504 Timestamp or signature header is malformed or out of the allowed window; 0055505 Signature could not be verified */
            401: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 0055501 Caller address is not on the IP allowlist; 0055002 Card payments are turned off for the account */
            403: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 0055001 Account is not ready to take payments; 9000007 merchant_reference already used; 9000039 Repeat the same request unchanged with the same Idempotency-Key; 9000010 Idempotency-Key reused with a different sandbox scenario */
            409: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000001 Request does not match the schema; 9000005 Amount outside account limits; 9000038 return_url is invalid */
            422: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000005 Rate limit exceeded */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000008 Internal error */
            500: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000009 Service temporarily unavailable, retry shortly */
            503: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiV3PaymentsCode: {
        parameters: {
            query?: never;
            header: {
                /** @description Lowercase hex HMAC-SHA256, keyed with the API secret, of: timestamp, UPPERCASE method, path with its query string exactly as sent, lowercase hex SHA-256 of the exact body bytes (of the empty string without a body), joined by "\n". */
                "X-CAV-Signature": components["parameters"]["V3Signature"];
                /** @description Unix time in seconds, 10 digits; more than 300 s away from the server clock is refused (0055504). */
                "X-CAV-Timestamp": components["parameters"]["V3Timestamp"];
                /** @description Optional id of your own to find this request in our logs and in the answer (echoed in X-Correlation-Id and correlation_id). */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payment */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payment"];
                };
            };
            /** @description 0055502 API key, environment or merchant code is not valid for this request; 0055504 Timestamp or signature header is malformed or out of the allowed window; 0055505 Signature could not be verified */
            401: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 0055501 Caller address is not on the IP allowlist */
            403: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000011 Resource not found */
            404: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000005 Rate limit exceeded */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000008 Internal error */
            500: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000009 Service temporarily unavailable, retry shortly */
            503: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiV3Refunds: {
        parameters: {
            query?: {
                operation_type?: "refund" | "void";
                page?: string & number;
                per_page?: string & number;
                status?: "requested" | "processing" | "completed" | "rejected" | "failed" | "awaiting_provider_manual" | "cancelled";
            };
            header: {
                /** @description Lowercase hex HMAC-SHA256, keyed with the API secret, of: timestamp, UPPERCASE method, path with its query string exactly as sent, lowercase hex SHA-256 of the exact body bytes (of the empty string without a body), joined by "\n". */
                "X-CAV-Signature": components["parameters"]["V3Signature"];
                /** @description Unix time in seconds, 10 digits; more than 300 s away from the server clock is refused (0055504). */
                "X-CAV-Timestamp": components["parameters"]["V3Timestamp"];
                /** @description Optional id of your own to find this request in our logs and in the answer (echoed in X-Correlation-Id and correlation_id). */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of reversals */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Reversal"][];
                        meta: components["schemas"]["PaginationMeta"];
                    };
                };
            };
            /** @description 0055502 API key, environment or merchant code is not valid for this request; 0055504 Timestamp or signature header is malformed or out of the allowed window; 0055505 Signature could not be verified */
            401: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 0055501 Caller address is not on the IP allowlist */
            403: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000001 Request does not match the schema */
            422: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000005 Rate limit exceeded */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000008 Internal error */
            500: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000009 Service temporarily unavailable, retry shortly */
            503: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApiV3Refunds: {
        parameters: {
            query?: never;
            header: {
                /** @description Required. A repeat with the same key and the same request (method, path, body bytes, sandbox scenario) returns the first answer and changes nothing; the same key with another request is 409 9000039 (9000010 when only the scenario differs). */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
                /** @description Sandbox keys only; not signed, but part of the Idempotency-Key fingerprint. A live key sending it, or another value, is 422 1000001. */
                "X-CAV-Sandbox-Scenario"?: "completed" | "rejected";
                /** @description Lowercase hex HMAC-SHA256, keyed with the API secret, of: timestamp, UPPERCASE method, path with its query string exactly as sent, lowercase hex SHA-256 of the exact body bytes (of the empty string without a body), joined by "\n". */
                "X-CAV-Signature": components["parameters"]["V3Signature"];
                /** @description Unix time in seconds, 10 digits; more than 300 s away from the server clock is refused (0055504). */
                "X-CAV-Timestamp": components["parameters"]["V3Timestamp"];
                /** @description Optional id of your own to find this request in our logs and in the answer (echoed in X-Correlation-Id and correlation_id). */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateReversalRequest"];
            };
        };
        responses: {
            /** @description The reversal; a repeat with the same Idempotency-Key returns the original body */
            202: {
                headers: {
                    "X-CAV-Sandbox-Scenario": components["headers"]["SandboxScenario"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Reversal"];
                };
            };
            /** @description 0055502 API key, environment or merchant code is not valid for this request; 0055504 Timestamp or signature header is malformed or out of the allowed window; 0055505 Signature could not be verified */
            401: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 0055501 Caller address is not on the IP allowlist */
            403: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000011 Resource not found */
            404: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 9000010 Idempotency-Key reused with a different sandbox scenario; 9000039 Repeat the same request unchanged with the same Idempotency-Key; 9000040 The payment is not paid; 9000041 The payment already has an open or completed reversal */
            409: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000001 Request does not match the schema; 9000020 Amount exceeds the available balance of the wallet */
            422: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000005 Rate limit exceeded */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000008 Internal error */
            500: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000009 Service temporarily unavailable, retry shortly */
            503: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiV3RefundsId: {
        parameters: {
            query?: never;
            header: {
                /** @description Lowercase hex HMAC-SHA256, keyed with the API secret, of: timestamp, UPPERCASE method, path with its query string exactly as sent, lowercase hex SHA-256 of the exact body bytes (of the empty string without a body), joined by "\n". */
                "X-CAV-Signature": components["parameters"]["V3Signature"];
                /** @description Unix time in seconds, 10 digits; more than 300 s away from the server clock is refused (0055504). */
                "X-CAV-Timestamp": components["parameters"]["V3Timestamp"];
                /** @description Optional id of your own to find this request in our logs and in the answer (echoed in X-Correlation-Id and correlation_id). */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reversal */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Reversal"];
                };
            };
            /** @description 0055502 API key, environment or merchant code is not valid for this request; 0055504 Timestamp or signature header is malformed or out of the allowed window; 0055505 Signature could not be verified */
            401: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 0055501 Caller address is not on the IP allowlist */
            403: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000011 Resource not found */
            404: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000001 Request does not match the schema */
            422: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000005 Rate limit exceeded */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000008 Internal error */
            500: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000009 Service temporarily unavailable, retry shortly */
            503: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApiV3SandboxDisputes: {
        parameters: {
            query?: never;
            header: {
                /** @description Required. A repeat with the same key and the same request (method, path, body bytes, sandbox scenario) returns the first answer and changes nothing; the same key with another request is 409 9000039 (9000010 when only the scenario differs). */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
                /** @description Lowercase hex HMAC-SHA256, keyed with the API secret, of: timestamp, UPPERCASE method, path with its query string exactly as sent, lowercase hex SHA-256 of the exact body bytes (of the empty string without a body), joined by "\n". */
                "X-CAV-Signature": components["parameters"]["V3Signature"];
                /** @description Unix time in seconds, 10 digits; more than 300 s away from the server clock is refused (0055504). */
                "X-CAV-Timestamp": components["parameters"]["V3Timestamp"];
                /** @description Optional id of your own to find this request in our logs and in the answer (echoed in X-Correlation-Id and correlation_id). */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SandboxDisputeRequest"];
            };
        };
        responses: {
            /** @description The dispute; an identical repeat returns the same dispute */
            201: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Dispute"];
                };
            };
            /** @description 0055502 API key, environment or merchant code is not valid for this request; 0055504 Timestamp or signature header is malformed or out of the allowed window; 0055505 Signature could not be verified; 0055502 API key, environment or merchant code is not valid for this request */
            401: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 0055501 Caller address is not on the IP allowlist */
            403: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000011 Resource not found */
            404: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 9000039 Repeat the same request unchanged with the same Idempotency-Key; 9000040 The payment is not paid */
            409: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000001 Request does not match the schema */
            422: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000005 Rate limit exceeded */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000008 Internal error */
            500: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000009 Service temporarily unavailable, retry shortly */
            503: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiV3SandboxWebhookStream: {
        parameters: {
            query?: never;
            header: {
                /** @description Lowercase hex HMAC-SHA256, keyed with the API secret, of: timestamp, UPPERCASE method, path with its query string exactly as sent, lowercase hex SHA-256 of the exact body bytes (of the empty string without a body), joined by "\n". */
                "X-CAV-Signature": components["parameters"]["V3Signature"];
                /** @description Unix time in seconds, 10 digits; more than 300 s away from the server clock is refused (0055504). */
                "X-CAV-Timestamp": components["parameters"]["V3Timestamp"];
                /** @description Optional id of your own to find this request in our logs and in the answer (echoed in X-Correlation-Id and correlation_id). */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Server-Sent Events until the client closes the stream */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description 0055502 API key, environment or merchant code is not valid for this request; 0055504 Timestamp or signature header is malformed or out of the allowed window; 0055505 Signature could not be verified; 0055502 API key, environment or merchant code is not valid for this request */
            401: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 0055501 Caller address is not on the IP allowlist */
            403: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000005 Rate limit exceeded */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000008 Internal error */
            500: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000009 Service temporarily unavailable, retry shortly */
            503: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiV3ServiceStatus: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional id of your own to find this request in our logs and in the answer (echoed in X-Correlation-Id and correlation_id). */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list is empty when nothing is in maintenance */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ServiceStatusItem"][];
                    };
                };
            };
            /** @description 1000005 Rate limit exceeded */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000008 Internal error */
            500: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000009 Service temporarily unavailable, retry shortly */
            503: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiV3WebhooksDeliveries: {
        parameters: {
            query?: {
                page?: string & number;
                per_page?: string & number;
                status?: "pending" | "delivered" | "failed";
            };
            header: {
                /** @description Lowercase hex HMAC-SHA256, keyed with the API secret, of: timestamp, UPPERCASE method, path with its query string exactly as sent, lowercase hex SHA-256 of the exact body bytes (of the empty string without a body), joined by "\n". */
                "X-CAV-Signature": components["parameters"]["V3Signature"];
                /** @description Unix time in seconds, 10 digits; more than 300 s away from the server clock is refused (0055504). */
                "X-CAV-Timestamp": components["parameters"]["V3Timestamp"];
                /** @description Optional id of your own to find this request in our logs and in the answer (echoed in X-Correlation-Id and correlation_id). */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of deliveries */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookDelivery"][];
                        meta: components["schemas"]["PaginationMeta"];
                    };
                };
            };
            /** @description 0055502 API key, environment or merchant code is not valid for this request; 0055504 Timestamp or signature header is malformed or out of the allowed window; 0055505 Signature could not be verified */
            401: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 0055501 Caller address is not on the IP allowlist */
            403: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000001 Request does not match the schema */
            422: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000005 Rate limit exceeded */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000008 Internal error */
            500: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000009 Service temporarily unavailable, retry shortly */
            503: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiV3WebhooksDeliveriesId: {
        parameters: {
            query?: never;
            header: {
                /** @description Lowercase hex HMAC-SHA256, keyed with the API secret, of: timestamp, UPPERCASE method, path with its query string exactly as sent, lowercase hex SHA-256 of the exact body bytes (of the empty string without a body), joined by "\n". */
                "X-CAV-Signature": components["parameters"]["V3Signature"];
                /** @description Unix time in seconds, 10 digits; more than 300 s away from the server clock is refused (0055504). */
                "X-CAV-Timestamp": components["parameters"]["V3Timestamp"];
                /** @description Optional id of your own to find this request in our logs and in the answer (echoed in X-Correlation-Id and correlation_id). */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryDetail"];
                };
            };
            /** @description 0055502 API key, environment or merchant code is not valid for this request; 0055504 Timestamp or signature header is malformed or out of the allowed window; 0055505 Signature could not be verified */
            401: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 0055501 Caller address is not on the IP allowlist */
            403: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000011 Resource not found */
            404: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000001 Request does not match the schema */
            422: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000005 Rate limit exceeded */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000008 Internal error */
            500: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000009 Service temporarily unavailable, retry shortly */
            503: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApiV3WebhooksDeliveriesIdRetry: {
        parameters: {
            query?: never;
            header: {
                /** @description Required. A repeat with the same key and the same request (method, path, body bytes, sandbox scenario) returns the first answer and changes nothing; the same key with another request is 409 9000039 (9000010 when only the scenario differs). */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
                /** @description Lowercase hex HMAC-SHA256, keyed with the API secret, of: timestamp, UPPERCASE method, path with its query string exactly as sent, lowercase hex SHA-256 of the exact body bytes (of the empty string without a body), joined by "\n". */
                "X-CAV-Signature": components["parameters"]["V3Signature"];
                /** @description Unix time in seconds, 10 digits; more than 300 s away from the server clock is refused (0055504). */
                "X-CAV-Timestamp": components["parameters"]["V3Timestamp"];
                /** @description Optional id of your own to find this request in our logs and in the answer (echoed in X-Correlation-Id and correlation_id). */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The re-queued delivery */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryDetail"];
                };
            };
            /** @description 0055502 API key, environment or merchant code is not valid for this request; 0055504 Timestamp or signature header is malformed or out of the allowed window; 0055505 Signature could not be verified */
            401: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 0055501 Caller address is not on the IP allowlist */
            403: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000011 Resource not found */
            404: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000012 The operation conflicts with the current state of the resource; 9000039 Repeat the same request unchanged with the same Idempotency-Key */
            409: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000001 Request does not match the schema */
            422: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000005 Rate limit exceeded */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000008 Internal error */
            500: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000009 Service temporarily unavailable, retry shortly */
            503: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiV3Withdrawals: {
        parameters: {
            query?: {
                page?: string & number;
                per_page?: string & number;
                status?: "requested" | "sent" | "rejected";
            };
            header: {
                /** @description Lowercase hex HMAC-SHA256, keyed with the API secret, of: timestamp, UPPERCASE method, path with its query string exactly as sent, lowercase hex SHA-256 of the exact body bytes (of the empty string without a body), joined by "\n". */
                "X-CAV-Signature": components["parameters"]["V3Signature"];
                /** @description Unix time in seconds, 10 digits; more than 300 s away from the server clock is refused (0055504). */
                "X-CAV-Timestamp": components["parameters"]["V3Timestamp"];
                /** @description Optional id of your own to find this request in our logs and in the answer (echoed in X-Correlation-Id and correlation_id). */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of withdrawals */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Withdrawal"][];
                        meta: components["schemas"]["PaginationMeta"];
                    };
                };
            };
            /** @description 0055502 API key, environment or merchant code is not valid for this request; 0055504 Timestamp or signature header is malformed or out of the allowed window; 0055505 Signature could not be verified */
            401: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 0055501 Caller address is not on the IP allowlist */
            403: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000001 Request does not match the schema */
            422: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000005 Rate limit exceeded */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000008 Internal error */
            500: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000009 Service temporarily unavailable, retry shortly */
            503: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApiV3Withdrawals: {
        parameters: {
            query?: never;
            header: {
                /** @description Required. A repeat with the same key and the same request (method, path, body bytes, sandbox scenario) returns the first answer and changes nothing; the same key with another request is 409 9000039 (9000010 when only the scenario differs). */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
                /** @description Sandbox keys only; not signed, but part of the Idempotency-Key fingerprint. A live key sending it, or another value, is 422 1000001. */
                "X-CAV-Sandbox-Scenario"?: "sent" | "rejected";
                /** @description Lowercase hex HMAC-SHA256, keyed with the API secret, of: timestamp, UPPERCASE method, path with its query string exactly as sent, lowercase hex SHA-256 of the exact body bytes (of the empty string without a body), joined by "\n". */
                "X-CAV-Signature": components["parameters"]["V3Signature"];
                /** @description Unix time in seconds, 10 digits; more than 300 s away from the server clock is refused (0055504). */
                "X-CAV-Timestamp": components["parameters"]["V3Timestamp"];
                /** @description Optional id of your own to find this request in our logs and in the answer (echoed in X-Correlation-Id and correlation_id). */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWithdrawalRequest"];
            };
        };
        responses: {
            /** @description The withdrawal; a repeat with the same Idempotency-Key returns the original body */
            201: {
                headers: {
                    "X-CAV-Sandbox-Scenario": components["headers"]["SandboxScenario"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Withdrawal"];
                };
            };
            /** @description 0055502 API key, environment or merchant code is not valid for this request; 0055504 Timestamp or signature header is malformed or out of the allowed window; 0055505 Signature could not be verified */
            401: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 0055501 Caller address is not on the IP allowlist */
            403: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 9000010 Idempotency-Key reused with a different sandbox scenario; 9000022 Withdrawals are blocked while a wallet balance is negative; 9000039 Repeat the same request unchanged with the same Idempotency-Key */
            409: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000001 Request does not match the schema; 1000030 Burn address is not allowed as a withdrawal destination; 9000019 Withdrawal amount below the account minimum; 9000020 Amount exceeds the available balance of the wallet; 9000021 Withdrawal amount above the account daily limit */
            422: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000005 Rate limit exceeded */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000008 Internal error */
            500: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000009 Service temporarily unavailable, retry shortly */
            503: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiV3WithdrawalsId: {
        parameters: {
            query?: never;
            header: {
                /** @description Lowercase hex HMAC-SHA256, keyed with the API secret, of: timestamp, UPPERCASE method, path with its query string exactly as sent, lowercase hex SHA-256 of the exact body bytes (of the empty string without a body), joined by "\n". */
                "X-CAV-Signature": components["parameters"]["V3Signature"];
                /** @description Unix time in seconds, 10 digits; more than 300 s away from the server clock is refused (0055504). */
                "X-CAV-Timestamp": components["parameters"]["V3Timestamp"];
                /** @description Optional id of your own to find this request in our logs and in the answer (echoed in X-Correlation-Id and correlation_id). */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The withdrawal */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Withdrawal"];
                };
            };
            /** @description 0055502 API key, environment or merchant code is not valid for this request; 0055504 Timestamp or signature header is malformed or out of the allowed window; 0055505 Signature could not be verified */
            401: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 0055501 Caller address is not on the IP allowlist */
            403: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000011 Resource not found */
            404: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000001 Request does not match the schema */
            422: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000005 Rate limit exceeded */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000008 Internal error */
            500: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000009 Service temporarily unavailable, retry shortly */
            503: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiV4BinsBin: {
        parameters: {
            query: {
                amount: string;
            };
            header: {
                /** @description Environment of the API key; must match it. */
                "X-CEK-Environment": components["parameters"]["V4Environment"];
                /** @description Merchant code MRC-<6 digits>. Required in sandbox; in live, if sent, it must match the account. */
                "X-CEK-Merchant-Code"?: components["parameters"]["V4MerchantCode"];
                /** @description Lowercase hex HMAC-SHA256, keyed with the API secret, of: timestamp, UPPERCASE method, path without the query string, lowercase hex SHA-256 of the exact body bytes, joined by "\n". */
                "X-CEK-Signature": components["parameters"]["V4Signature"];
                /** @description Unix time in seconds, 10 digits; more than 300 s away from the server clock is refused (0055504). */
                "X-CEK-Timestamp": components["parameters"]["V4Timestamp"];
                /** @description Optional id of your own to find this request in our logs and in the answer (echoed in X-Correlation-Id and correlation_id). */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                bin: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description BIN information */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["BinInformation"];
                    };
                };
            };
            /** @description 0055502 API key, environment or merchant code is not valid for this request; 0055504 Timestamp or signature header is malformed or out of the allowed window; 0055505 Signature could not be verified */
            401: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 0055501 Caller address is not on the IP allowlist */
            403: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 0055233 BIN could not be identified; 0055230 No payment channel available for this BIN */
            409: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000001 Request does not match the schema; 0055210 BIN must be exactly six digits; 0055235 Amount invalid or outside limits */
            422: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000005 Rate limit exceeded */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000008 Internal error */
            500: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000009 Service temporarily unavailable, retry shortly */
            503: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApiV4Orders: {
        parameters: {
            query?: never;
            header: {
                /** @description Environment of the API key; must match it. */
                "X-CEK-Environment": components["parameters"]["V4Environment"];
                /** @description Merchant code MRC-<6 digits>. Required in sandbox; in live, if sent, it must match the account. */
                "X-CEK-Merchant-Code"?: components["parameters"]["V4MerchantCode"];
                /** @description Lowercase hex HMAC-SHA256, keyed with the API secret, of: timestamp, UPPERCASE method, path without the query string, lowercase hex SHA-256 of the exact body bytes, joined by "\n". */
                "X-CEK-Signature": components["parameters"]["V4Signature"];
                /** @description Unix time in seconds, 10 digits; more than 300 s away from the server clock is refused (0055504). */
                "X-CEK-Timestamp": components["parameters"]["V4Timestamp"];
                /** @description Optional id of your own to find this request in our logs and in the answer (echoed in X-Correlation-Id and correlation_id). */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateOrderRequest"];
            };
        };
        responses: {
            /** @description A repeat with the same content: the order as it stands */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Order"];
                    };
                };
            };
            /** @description The new order */
            201: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Order"];
                    };
                };
            };
            /** @description 0055502 API key, environment or merchant code is not valid for this request; 0055504 Timestamp or signature header is malformed or out of the allowed window; 0055505 Signature could not be verified */
            401: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 0055501 Caller address is not on the IP allowlist; 0055002 Card payments are turned off for the account */
            403: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 0055001 Account is not ready to take payments; 0055233 BIN could not be identified; 0055230 No payment channel available for this BIN; 0055234 Card number or expiry date invalid; 0055503 Same merchant_order_id with different content, or the first request is still processing */
            409: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000001 Request does not match the schema; 0055235 Amount invalid or outside limits */
            422: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000005 Rate limit exceeded */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000008 Internal error */
            500: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000009 Service temporarily unavailable, retry shortly */
            503: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getApiV4OrdersMerchantOrderId: {
        parameters: {
            query?: never;
            header: {
                /** @description Environment of the API key; must match it. */
                "X-CEK-Environment": components["parameters"]["V4Environment"];
                /** @description Merchant code MRC-<6 digits>. Required in sandbox; in live, if sent, it must match the account. */
                "X-CEK-Merchant-Code"?: components["parameters"]["V4MerchantCode"];
                /** @description Lowercase hex HMAC-SHA256, keyed with the API secret, of: timestamp, UPPERCASE method, path without the query string, lowercase hex SHA-256 of the exact body bytes, joined by "\n". */
                "X-CEK-Signature": components["parameters"]["V4Signature"];
                /** @description Unix time in seconds, 10 digits; more than 300 s away from the server clock is refused (0055504). */
                "X-CEK-Timestamp": components["parameters"]["V4Timestamp"];
                /** @description Optional id of your own to find this request in our logs and in the answer (echoed in X-Correlation-Id and correlation_id). */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                merchantOrderId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The order */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Order"];
                    };
                };
            };
            /** @description 0055502 API key, environment or merchant code is not valid for this request; 0055504 Timestamp or signature header is malformed or out of the allowed window; 0055505 Signature could not be verified */
            401: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 0055501 Caller address is not on the IP allowlist */
            403: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 0055402 No order for this merchant_order_id */
            404: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000005 Rate limit exceeded */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000008 Internal error */
            500: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000009 Service temporarily unavailable, retry shortly */
            503: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postApiV4SandboxOrdersMerchantOrderIdResult: {
        parameters: {
            query?: never;
            header: {
                /** @description Environment of the API key; must match it. */
                "X-CEK-Environment": components["parameters"]["V4Environment"];
                /** @description Merchant code MRC-<6 digits>. Required in sandbox; in live, if sent, it must match the account. */
                "X-CEK-Merchant-Code"?: components["parameters"]["V4MerchantCode"];
                /** @description Lowercase hex HMAC-SHA256, keyed with the API secret, of: timestamp, UPPERCASE method, path without the query string, lowercase hex SHA-256 of the exact body bytes, joined by "\n". */
                "X-CEK-Signature": components["parameters"]["V4Signature"];
                /** @description Unix time in seconds, 10 digits; more than 300 s away from the server clock is refused (0055504). */
                "X-CEK-Timestamp": components["parameters"]["V4Timestamp"];
                /** @description Optional id of your own to find this request in our logs and in the answer (echoed in X-Correlation-Id and correlation_id). */
                "X-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                merchantOrderId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SandboxOrderResultRequest"];
            };
        };
        responses: {
            /** @description The order after the result */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Order"];
                    };
                };
            };
            /** @description 0055502 API key, environment or merchant code is not valid for this request; 0055504 Timestamp or signature header is malformed or out of the allowed window; 0055505 Signature could not be verified */
            401: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 0055501 Caller address is not on the IP allowlist */
            403: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 0055402 No order for this merchant_order_id */
            404: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 0055404 Order is neither pending nor requires_hosted */
            409: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000001 Request does not match the schema */
            422: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000005 Rate limit exceeded */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000008 Internal error */
            500: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description 1000009 Service temporarily unavailable, retry shortly */
            503: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
}
