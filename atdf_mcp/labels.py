"""Languages: which ones a catalogue speaks, `--lang` checks, and the fixed texts clients see, translated.

    >>> labels_for("es").when_to_use
    'Cuándo usar:'
    >>> from atdf_mcp import load_catalog
    >>> missing_language_warning(load_catalog("descriptors"), "fr")
    "no descriptor has texts in 'fr' (this catalogue has: es); descriptions stay in their default language"

The descriptors bring their own texts (`localization`, or language copies such as `x_es.json`); the few
words atdf-mcp adds around them — "When to use:", "Warnings:", the steps of a workflow prompt, a prompt
argument's description, the text of a tool that returned nothing — follow `--lang` too, for the
languages below, and stay English for any other.
"""

# ruff: noqa: RUF001  (Chinese and Japanese texts use full-width punctuation, German an en dash, on purpose)

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .errors import UsageError

if TYPE_CHECKING:
    from .catalog import Catalog

__all__ = ["Labels", "catalog_languages", "check_language_tag", "labels_for", "missing_language_warning"]

_TAG = re.compile(r"^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$")


@dataclass(frozen=True)
class Labels:
    """The fixed texts around a catalogue's own, in one language ({placeholders} are filled in by atdf_mcp.publish)."""

    when_to_use: str
    warnings: str
    failures: str
    argument: str  # a prompt argument's description: {name}
    system: str  # before a system prompt sent as a user message
    follow: str  # first line of a workflow or flow prompt: {kind} {name} {description}
    workflow: str
    prompt: str
    steps: str  # {flow}
    step: str  # a step without a name: {n}
    tool_ref: str
    prompt_ref: str
    policy_ref: str
    resource_ref: str
    on_error: str
    success: str  # the text of a tool that returned nothing
    manifest: str
    schema: str
    template: str
    prerequisites: str = "Prerequisites:"
    # the kinds of prerequisite, in this order: permissions, tools, resources, policies, credentials, conditions
    requires: tuple[str, ...] = ("permissions", "tools", "resources", "policies", "credentials", "conditions")


_EN = Labels(
    when_to_use="When to use:", warnings="Warnings:", failures="Declared failures:", argument="Value for ${{{name}}}",
    system="[System instruction — follow it for the rest of this conversation]",
    follow="Follow the {kind} {name}: {description}", workflow="workflow", prompt="prompt", steps="Steps ({flow}):",
    step="step {n}", tool_ref="tool", prompt_ref="prompt", policy_ref="policy", resource_ref="resource", on_error="on error:",
    success="The tool completed successfully.", manifest="mcp_manifest.json of this catalogue", schema="Bundled JSON Schema",
    template="Any descriptor of the catalogue as an ARDF 1.0 document",
)

LABELS: dict[str, Labels] = {
    "en": _EN,
    "es": Labels(
        when_to_use="Cuándo usar:", warnings="Advertencias:", failures="Errores declarados:", argument="Valor de ${{{name}}}",
        system="[Instrucción del sistema: síguela durante el resto de esta conversación]",
        follow="Sigue el {kind} {name}: {description}", workflow="flujo de trabajo", prompt="prompt", steps="Pasos ({flow}):",
        step="paso {n}", tool_ref="herramienta", prompt_ref="prompt", policy_ref="política", resource_ref="recurso", on_error="si falla:",
        success="La herramienta terminó correctamente.", manifest="mcp_manifest.json de este catálogo",
        schema="JSON Schema incluido", template="Cualquier descriptor del catálogo como documento ARDF 1.0",
        prerequisites='Requisitos previos:', requires=('permisos', 'herramientas', 'recursos', 'políticas', 'credenciales', 'condiciones'),
    ),
    "fr": Labels(
        when_to_use="Quand l'utiliser :", warnings="Avertissements :", failures="Échecs déclarés :", argument="Valeur de ${{{name}}}",
        system="[Instruction système : suis-la pendant tout le reste de cette conversation]",
        follow="Suis le {kind} {name} : {description}", workflow="workflow", prompt="prompt", steps="Étapes ({flow}) :",
        step="étape {n}", tool_ref="outil", prompt_ref="prompt", policy_ref="politique", resource_ref="ressource", on_error="en cas d'erreur :",
        success="L'outil s'est terminé avec succès.", manifest="mcp_manifest.json de ce catalogue",
        schema="JSON Schema fourni", template="N'importe quel descripteur du catalogue, en document ARDF 1.0",
        prerequisites='Prérequis :', requires=('permissions', 'outils', 'ressources', 'politiques', 'identifiants', 'conditions'),
    ),
    "de": Labels(
        when_to_use="Wann verwenden:", warnings="Warnhinweise:", failures="Deklarierte Fehler:", argument="Wert für ${{{name}}}",
        system="[Systemanweisung – befolge sie für den Rest dieses Gesprächs]",
        follow="Folge dem {kind} {name}: {description}", workflow="Workflow", prompt="Prompt", steps="Schritte ({flow}):",
        step="Schritt {n}", tool_ref="Werkzeug", prompt_ref="Prompt", policy_ref="Richtlinie", resource_ref="Ressource", on_error="bei Fehler:",
        success="Das Werkzeug wurde erfolgreich ausgeführt.", manifest="mcp_manifest.json dieses Katalogs",
        schema="Mitgeliefertes JSON-Schema", template="Jeder Deskriptor des Katalogs als ARDF-1.0-Dokument",
        prerequisites='Voraussetzungen:', requires=('Berechtigungen', 'Werkzeuge', 'Ressourcen', 'Richtlinien', 'Zugangsdaten', 'Bedingungen'),
    ),
    "pt": Labels(
        when_to_use="Quando usar:", warnings="Avisos:", failures="Falhas declaradas:", argument="Valor de ${{{name}}}",
        system="[Instrução do sistema: siga-a durante o resto desta conversa]",
        follow="Siga o {kind} {name}: {description}", workflow="fluxo de trabalho", prompt="prompt", steps="Passos ({flow}):",
        step="passo {n}", tool_ref="ferramenta", prompt_ref="prompt", policy_ref="política", resource_ref="recurso", on_error="em caso de erro:",
        success="A ferramenta foi concluída com sucesso.", manifest="mcp_manifest.json deste catálogo",
        schema="JSON Schema incluído", template="Qualquer descritor do catálogo como documento ARDF 1.0",
        prerequisites='Pré-requisitos:', requires=('permissões', 'ferramentas', 'recursos', 'políticas', 'credenciais', 'condições'),
    ),
    "it": Labels(
        when_to_use="Quando usare:", warnings="Avvertenze:", failures="Errori dichiarati:", argument="Valore di ${{{name}}}",
        system="[Istruzione di sistema: seguila per il resto di questa conversazione]",
        follow="Segui il {kind} {name}: {description}", workflow="flusso di lavoro", prompt="prompt", steps="Passaggi ({flow}):",
        step="passaggio {n}", tool_ref="strumento", prompt_ref="prompt", policy_ref="regola", resource_ref="risorsa", on_error="in caso di errore:",
        success="Lo strumento è stato completato correttamente.", manifest="mcp_manifest.json di questo catalogo",
        schema="JSON Schema incluso", template="Qualsiasi descrittore del catalogo come documento ARDF 1.0",
        prerequisites='Prerequisiti:', requires=('permessi', 'strumenti', 'risorse', 'regole', 'credenziali', 'condizioni'),
    ),
    "zh": Labels(
        when_to_use="何时使用：", warnings="警告：", failures="声明的失败代码：", argument="${{{name}}} 的值",
        system="[系统指令——请在本次对话的剩余部分遵循它]",
        follow="按照{kind} {name} 执行：{description}", workflow="工作流", prompt="提示词", steps="步骤（{flow}）：",
        step="第 {n} 步", tool_ref="工具", prompt_ref="提示词", policy_ref="策略", resource_ref="资源", on_error="出错时：",
        success="工具已成功完成。", manifest="本目录的 mcp_manifest.json",
        schema="内置的 JSON Schema", template="目录中的任意描述符，以 ARDF 1.0 文档形式提供",
        prerequisites='前提条件：', requires=('权限', '工具', '资源', '策略', '凭据', '条件'),
    ),
    "ja": Labels(
        when_to_use="使用する場面：", warnings="警告：", failures="宣言された失敗コード：", argument="${{{name}}} の値",
        system="[システム指示 — この会話の残りの間、これに従ってください]",
        follow="{kind} {name} に従ってください：{description}", workflow="ワークフロー", prompt="プロンプト", steps="手順（{flow}）：",
        step="ステップ {n}", tool_ref="ツール", prompt_ref="プロンプト", policy_ref="ポリシー", resource_ref="リソース", on_error="エラー時：",
        success="ツールは正常に完了しました。", manifest="このカタログの mcp_manifest.json",
        schema="同梱の JSON Schema", template="カタログの任意の記述子（ARDF 1.0 ドキュメント）",
        prerequisites='前提条件：', requires=('権限', 'ツール', 'リソース', 'ポリシー', '認証情報', '条件'),
    ),
}


def labels_for(lang: str | None) -> Labels:
    """The labels in `lang` (then its base language, `pt` for `pt-BR`), else English."""
    if not lang:
        return _EN
    key = lang.lower().replace("_", "-")
    return LABELS.get(key) or LABELS.get(key.split("-")[0]) or _EN


def check_language_tag(lang: str, option: str = "--lang") -> str:
    """`lang` as a language tag (`pt_BR` → `pt-BR`); UsageError for something that is not one (`english`, `12`)."""
    tag = lang.strip().replace("_", "-")
    if not _TAG.match(tag):
        raise UsageError(f"{option} {lang!r} is not a language tag: use a code such as es, fr, de or pt-BR")
    return tag


def catalog_languages(catalog: Catalog) -> list[str]:
    """The languages the catalogue has texts in: `localization` keys and language copies (`x_es.json`)."""
    found: set[str] = set()
    for d in catalog.descriptors:
        found.update(k for k in d.localization if isinstance(k, str) and _TAG.match(k))
    for copies in catalog.variants.values():
        found.update(copies)
    return sorted(found)


def missing_language_warning(catalog: Catalog, lang: str) -> str | None:
    """Why `--lang lang` will change nothing in the descriptors' own texts, or None when some descriptor has that language."""
    languages = catalog_languages(catalog)
    wanted = lang.lower().split("-")[0]
    if wanted == "en" or any(k.lower().split("-")[0] == wanted for k in languages):  # default texts are usually English
        return None
    has = f"this catalogue has: {', '.join(languages)}" if languages else "this catalogue has no translations"
    labels = "" if labels_for(lang) is not _EN else "; atdf-mcp's own labels stay English too"
    return f"no descriptor has texts in {lang!r} ({has}); descriptions stay in their default language{labels}"
