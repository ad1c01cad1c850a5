"""The settings no environment changes, which :mod:`compliance.settings` takes as they are:
the pages' Content-Security-Policy, the password rules, the REST API's defaults
(authentication, throttles, pagination, errors as JSON) and its OpenAPI schema's."""

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "knox.auth.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
        "compliance.signin_guard.GuardedBasicAuthentication",
    ],
    "DEFAULT_THROTTLE_CLASSES": [
        "compliance.throttles.AnonymousRate",
        "compliance.throttles.UserRate",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "EXCEPTION_HANDLER": "compliance.api_errors.json_exception_handler",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Casino card-game compliance service",
    "VERSION": "0.1.0",
    # Swagger UI served from this site (drf-spectacular-sidecar), not from a CDN
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "compliance.openapi.add_common_errors",
    ],
    # <id:...> paths (compliance/converters.py): whole numbers within the bigint range
    "PATH_CONVERTER_OVERRIDES": {
        "id": {"type": "integer", "minimum": 1, "maximum": 2**63 - 1, "format": "int64"}
    },
    # one name per choice set shared by several fields
    "ENUM_NAME_OVERRIDES": {
        "ApprovalStatusEnum": "games.models.approvals.ApprovalStatus",
        "ConditionKindEnum": "games.models.approvals.ConditionKind",
        "LimitKindEnum": "games.models.jurisdictions.LimitKind",
        "ReportKindEnum": "audits.reports.models.ReportKind",
        "ReportStatusEnum": "audits.reports.models.ReportStatus",
        "CaseStatusEnum": "audits.investigations.models.CaseStatus",
        "CaseCauseEnum": "audits.investigations.models.CaseCause",
        "CaseOutcomeEnum": "audits.investigations.models.CaseOutcome",
        "CaseStepKindEnum": "audits.investigations.models.StepKind",
        "DeviationPeriodEnum": "audits.monitoring.models.deviations.DeviationPeriod",
    },
}

# Every page may load scripts, styles, images and fonts from this site only, run no inline
# script or style, be framed by no one and post forms only here.  The API docs use drf-
# spectacular's split Swagger view, whose start-up script is a file of this site too.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
    }
}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
