"""The search's expansion table: groups of common tool-vocabulary words that mean the same, in en, es and pt.

A query word found in a group also searches for the group's other words, at a lower weight (see
`atdf_mcp.search`). The table is deliberately small and general: verbs and nouns that catalogues of any domain
use for what their tools do (create, find, remove, undo, send...) and what they act on (customer, message,
file, payment...), with their Spanish and Portuguese equivalents so that a query in one language reaches a tool
described in another. It is never fitted to particular queries or tools; a word belongs in a group only when
the group's words are interchangeable in a request for a tool. Words are written plainly (inflected forms are
reached through the stemmers), and each language's words are stemmed with that language's stemmer.

The rule for a new group or word: it is a verb or noun that tool catalogues of many domains use for an action or an
object, listed in a general thesaurus as a synonym (or a translation) of the group's other words, and it would be
written without looking at any query. Words are never added because a labelled query (bench/search_corpus) misses:
the search's recall was raised by general means (query language, function words, feedback, abbreviations read
from the catalogue's own words), with this table as is.
The table's words also tell a query's language (`atdf_mcp.search`): a word only the es/pt columns use is evidence of
Spanish or Portuguese, one only the en column uses of English.
"""

from __future__ import annotations

__all__ = ["GROUPS", "NOUN_GROUPS", "VERB_GROUPS"]

# (en, es, pt): space-separated words of one meaning. The verbs: what tools do.
VERB_GROUPS: tuple[tuple[str, str, str], ...] = (
    ("create add new make register open", "crear añadir agregar nuevo registrar abrir", "criar adicionar novo registrar abrir"),
    ("find search look lookup query locate", "buscar encontrar consultar localizar", "buscar procurar encontrar consultar localizar pesquisar"),
    ("get fetch retrieve read show view display", "obtener leer mostrar ver", "obter ler mostrar ver exibir"),
    ("list enumerate browse all", "listar enumerar todos", "listar enumerar todos"),
    ("update edit modify change alter rename", "actualizar editar modificar cambiar", "atualizar editar modificar alterar mudar"),
    ("delete remove erase purge drop destroy", "eliminar borrar quitar suprimir", "excluir apagar remover deletar eliminar"),
    ("cancel abort void revoke stop", "cancelar anular revocar detener", "cancelar anular revogar parar"),
    ("undo reverse refund revert rollback restore", "deshacer revertir reembolsar devolver restaurar",
     "desfazer reverter reembolsar devolver estornar restaurar"),
    ("send deliver dispatch notify", "enviar mandar notificar", "enviar mandar notificar"),
    ("pay charge bill collect", "pagar cobrar facturar", "pagar cobrar faturar"),
    ("schedule book reserve plan arrange", "programar agendar reservar planificar", "agendar marcar reservar programar planejar"),
    ("check verify validate confirm test", "comprobar verificar validar confirmar", "verificar checar validar confirmar conferir"),
    ("upload attach import", "subir adjuntar importar", "anexar importar carregar"),
    ("download export save", "descargar exportar guardar", "baixar exportar salvar"),
    ("convert translate transform", "convertir traducir transformar", "converter traduzir transformar"),
    ("calculate compute estimate count", "calcular computar estimar contar", "calcular computar estimar contar"),
    ("assign allocate give grant", "asignar conceder otorgar", "atribuir conceder"),
    ("approve accept authorize", "aprobar aceptar autorizar", "aprovar aceitar autorizar"),
    ("reject deny decline refuse", "rechazar denegar", "rejeitar negar recusar"),
    ("close resolve finish complete", "cerrar resolver terminar completar", "fechar resolver terminar concluir"),
    ("start run launch execute trigger begin", "iniciar ejecutar lanzar arrancar empezar", "iniciar executar lançar começar"),
    ("summarize summary digest overview", "resumir resumen", "resumir resumo"),
    ("track monitor follow watch", "rastrear monitorizar seguir vigilar", "rastrear monitorar acompanhar seguir"),
    ("share invite", "compartir invitar", "compartilhar convidar"),
    ("reset recover", "restablecer recuperar", "redefinir recuperar"),
    ("move transfer migrate", "mover transferir migrar", "mover transferir migrar"),
    ("copy duplicate clone", "copiar duplicar clonar", "copiar duplicar clonar"),
    ("login signin authenticate", "autenticar", "autenticar entrar"),
)
# The nouns: what tools act on.
NOUN_GROUPS: tuple[tuple[str, str, str], ...] = (
    ("customer client contact buyer", "cliente contacto comprador", "cliente contato comprador"),
    ("user account member profile", "usuario cuenta miembro perfil", "usuário conta membro perfil"),
    ("employee staff worker", "empleado trabajador personal", "funcionário empregado trabalhador colaborador"),
    ("message email mail note", "mensaje correo email nota", "mensagem email correio nota"),
    ("sms text phone", "sms texto teléfono", "sms texto telefone"),
    ("file document attachment", "archivo documento adjunto fichero", "arquivo documento anexo ficheiro"),
    ("folder directory", "carpeta directorio", "pasta diretório"),
    ("payment charge transaction", "pago cargo cobro transacción", "pagamento cobrança transação"),
    ("invoice bill receipt", "factura recibo", "fatura recibo"),
    ("order purchase", "pedido orden compra", "pedido ordem compra"),
    ("product item article", "producto artículo", "produto item artigo"),
    ("stock inventory", "stock inventario existencias", "estoque inventário"),
    ("price cost fee rate amount", "precio coste costo tarifa importe monto", "preço custo taxa tarifa valor"),
    ("meeting event appointment", "reunión evento cita", "reunião evento compromisso"),
    ("calendar agenda", "calendario agenda", "calendário agenda"),
    ("ticket issue case incident request", "ticket incidencia caso incidente solicitud", "chamado ticket caso incidente solicitação"),
    ("report statistics metrics analytics", "informe reporte estadísticas métricas", "relatório estatísticas métricas"),
    ("password credential secret key", "contraseña credencial secreto clave", "senha credencial segredo chave"),
    ("permission role access", "permiso rol acceso", "permissão papel acesso"),
    ("address location place", "dirección ubicación lugar", "endereço localização lugar local"),
    ("date day time", "fecha día hora", "data dia hora"),
    ("subscription plan", "suscripción plan", "assinatura plano"),
    ("shipment delivery shipping package", "entrega paquete", "entrega remessa pacote"),  # not envío/envio: enviar
    ("trip travel journey", "viaje", "viagem"),
    ("flight", "vuelo", "voo"),
    ("hotel room accommodation lodging", "hotel habitación alojamiento", "hotel quarto hospedagem"),
    ("weather forecast", "tiempo clima pronóstico", "tempo clima previsão"),
    ("image picture photo", "imagen foto", "imagem foto"),
    ("comment reply", "comentario respuesta", "comentário resposta"),
    ("balance", "saldo", "saldo"),
    ("company organization business", "empresa organización negocio", "empresa organização negócio"),
    ("team group", "equipo grupo", "equipe grupo time"),
    ("task todo job", "tarea", "tarefa"),
    ("leave vacation holiday absence", "vacaciones ausencia permiso", "férias ausência licença"),
    ("salary payroll wage", "salario nómina sueldo", "salário folha"),
    ("server instance machine host", "servidor instancia máquina", "servidor instância máquina"),
    ("log logs", "registro", "registro"),
    ("backup snapshot", "copia respaldo", "backup cópia"),
    ("database table record", "base tabla registro", "banco tabela registro"),
    ("language", "idioma lengua", "idioma língua"),
    ("currency money", "moneda dinero divisa", "moeda dinheiro"),
)
GROUPS: tuple[tuple[str, str, str], ...] = VERB_GROUPS + NOUN_GROUPS
